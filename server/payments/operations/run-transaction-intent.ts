import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { extendAuthorization } from './extend-authorization';
import { syncTransactionStatus } from './sync-transaction-status';
import type { TransactionIntent, TransactionIntentAnswer, TransactionIntentInput } from './transaction-intent-schemas';

/**
 * `POST /v1/events/transaction/{intent}` (ADR 036): the named operation on one transaction. sync_status
 * takes only `transaction_id`; `reason` and `reference` belong to extend_authorization.
 */
export const runTransactionIntent = (
  ctx: AppContext,
  actor: Actor,
  intent: TransactionIntent,
  input: TransactionIntentInput,
  meta: RequestMeta,
): Promise<TransactionIntentAnswer> => {
  if (intent === 'extend_authorization') return extendAuthorization(ctx, actor, input, meta);
  const extra = (['reason', 'reference'] as const).filter((k) => input[k] !== undefined);
  if (extra.length > 0)
    throw new AppError('INVALID_REQUEST', 'sync_status takes only transaction_id', {
      errors: extra.map((k) => ({ path: k, message: 'is not a field of sync_status' })),
    });
  return syncTransactionStatus(ctx, actor, input.transaction_id, meta);
};
