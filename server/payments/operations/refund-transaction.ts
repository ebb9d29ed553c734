import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { runMoneyOperation, type MoneyOperationResult } from './run-money-operation';
import type { RefundInput } from '../transactions/transaction-schemas';

export const refundTransaction = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: RefundInput,
  meta: RequestMeta,
): Promise<MoneyOperationResult> =>
  runMoneyOperation(
    ctx,
    actor,
    {
      transactionId,
      operation: 'REFUND',
      amount: input.amount,
      items: input.items?.map((i) => ({
        line_id: i.line_id,
        amount: i.amount,
        ...(i.quantity !== undefined ? { quantity: i.quantity } : {}),
      })),
      reference: input.refund_reference,
      details: {
        ...(input.refund_reference ? { refund_reference: input.refund_reference } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
    },
    meta,
  );
