import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { randomBase58, uuid } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { appendLedgerEntry } from './wallet-ledger';
import { balanceOf, CARD_OWN_REF, readCard, type CardRow } from './wallet-repository';
import type { CardInput, CardView } from './wallet-schemas';

/** Creates a card (card_id given or generated); an initial `amount` is its first ledger entry, a fund with the card's own ref (CARD_OWN_REF, shown as `initial`). */
export const createCard = async (
  ctx: AppContext,
  actor: Actor,
  input: CardInput,
  meta: RequestMeta,
): Promise<CardView> =>
  inTransaction(ctx.database, async (trx) => {
    const { id } = await oncePerKey(trx, ctx.database, meta, () => insertCard(trx, actor, input));
    const row = await trx.selectFrom('wallet_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return readCard(row, await balanceOf(trx, row.id));
  });

const insertCard = async (trx: Executor, actor: Actor, input: CardInput): Promise<string> => {
  const row: CardRow = {
    id: uuid(),
    account_id: actor.accountId,
    card_id: input.card_id ?? `card-${randomBase58(16)}`,
    customer_id: input.customer_id ?? null,
    name: input.name ?? null,
    currency: input.currency,
    metadata: toJson(input.metadata ?? {}),
    active_from: input.active_from ? new Date(input.active_from).toISOString() : null,
    expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
    created_at: nowIso(),
    created_by: actor.subject,
  };
  const inserted = await trx
    .insertInto('wallet_cards')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'card_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new AppError('WALLET_CARD_ALREADY_EXISTS', `A wallet card with card_id ${row.card_id} already exists`, {
      errors: [{ path: 'card_id', message: 'already exists' }],
    });
  }
  if (input.amount) {
    if (row.expires_at !== null && row.expires_at <= row.created_at) {
      throw new AppError('WALLET_CARD_EXPIRED', 'The card would be expired when its initial amount is added', {
        errors: [{ path: 'expires_at', message: 'must be in the future' }],
      });
    }
    await appendLedgerEntry(trx, row, {
      type: 'fund',
      amount: input.amount,
      currency: row.currency,
      refId: CARD_OWN_REF,
      createdBy: actor.subject,
    });
  }
  return row.id;
};
