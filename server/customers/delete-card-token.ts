import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { loadCardToken, readCardToken } from './card-token-repository';
import { loadCustomer } from './customer-repository';
import type { CardTokenView } from './customer-schemas';

/**
 * Deletes a stored card (soft: kept with deleted_at/deleted_by); a payment with its tokens is then
 * refused with DO_NOT_RETRY. With `customerId`, the customer must exist and own the card.
 */
export const deleteCardToken = async (
  ctx: AppContext,
  actor: Actor,
  tokenId: string,
  opts: { customerId?: string } = {},
): Promise<CardTokenView> =>
  inTransaction(ctx.database, async (trx) => {
    if (opts.customerId !== undefined) await loadCustomer(trx, actor.accountId, opts.customerId);
    const row = await loadCardToken(trx, actor.accountId, tokenId, { customerId: opts.customerId, lock: ctx.database });
    const now = nowIso();
    await trx
      .updateTable('stored_card_tokens')
      .set({ deleted_at: now, deleted_by: actor.subject })
      .where('token_id', '=', row.token_id)
      .where('deleted_at', 'is', null)
      .execute();
    return readCardToken({ ...row, deleted_at: now, deleted_by: actor.subject });
  });
