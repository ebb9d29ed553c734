import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { runMoneyOperation, type MoneyOperationResult } from './run-money-operation';
import type { CaptureInput } from '../transactions/transaction-schemas';

export const captureTransaction = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: CaptureInput,
  meta: RequestMeta,
): Promise<MoneyOperationResult> =>
  runMoneyOperation(
    ctx,
    actor,
    {
      transactionId,
      operation: 'CAPTURE',
      amount: input.amount,
      items: input.items?.map((i) => ({
        line_id: i.line_id,
        amount: i.amount,
        ...(i.quantity !== undefined ? { quantity: i.quantity } : {}),
      })),
      finalCapture: input.final_capture,
      reference: input.capture_reference,
      details: {
        ...(input.capture_reference ? { capture_reference: input.capture_reference } : {}),
        ...(input.final_capture ? { final_capture: true } : {}),
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
    },
    meta,
  );
