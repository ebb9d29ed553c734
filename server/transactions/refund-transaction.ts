import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { runMoneyOperation } from './run-money-operation';
import type { RefundInput, TransactionView } from './transaction-schemas';

export const refundTransaction = (ctx: AppContext, actor: Actor, transactionId: string, input: RefundInput, meta: RequestMeta): Promise<TransactionView> =>
  runMoneyOperation(ctx, actor, {
    transactionId,
    operation: 'REFUND',
    amount: input.amount,
    details: {
      ...(input.refund_reference ? { refund_reference: input.refund_reference } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
    },
  }, meta);
