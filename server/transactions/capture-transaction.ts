import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { runMoneyOperation } from './run-money-operation';
import type { CaptureInput, TransactionView } from './transaction-schemas';

export const captureTransaction = (ctx: AppContext, actor: Actor, transactionId: string, input: CaptureInput, meta: RequestMeta): Promise<TransactionView> =>
  runMoneyOperation(ctx, actor, {
    transactionId,
    operation: 'CAPTURE',
    amount: input.amount,
    details: { ...(input.capture_reference ? { capture_reference: input.capture_reference } : {}), ...(input.metadata ? { metadata: input.metadata } : {}) },
  }, meta);
