import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import type { TransactionIntentAnswer, TransactionIntentInput } from './transaction-intent-schemas';
import { updateAuthorization } from './update-authorization';

/**
 * `POST /v1/events/transaction/extend_authorization` (ADR 036): the authorization update's extension
 * ("pay-later provider, amount absent": `reason` and `reference` recorded on the AUTHORIZE event),
 * through the same pipeline as POST /v1/transactions/{id}/authorization without a body. Any other
 * payment, or one that can no longer be extended, is 409 AUTHORIZATION_NOT_UPDATABLE.
 */
export const extendAuthorization = async (
  ctx: AppContext,
  actor: Actor,
  input: TransactionIntentInput,
  meta: RequestMeta,
): Promise<TransactionIntentAnswer> => {
  const { transaction_id: id, reason, reference } = input;
  const transaction = await updateAuthorization(
    ctx,
    actor,
    id,
    { ...(reason ? { reason } : {}), ...(reference ? { reference } : {}) },
    meta,
    'EXTEND_AUTHORIZATION',
  );
  const last = transaction.events.at(-1); // the AUTHORIZE event of the extension
  return { intent: 'extend_authorization', changed: true, event_ids: last ? [last.id] : [], transaction };
};
