import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { toJson } from '../shared/json-columns';
import { nextAccountSeq, sequencedId } from './account-sequence';
import { loadPayoutDestination } from './payout-destination-repository';
import { loadStore, readStore } from './store-repository';
import type { StoreInput, StoreView } from './store-schemas';

/**
 * Creates a store under the client's `store_id` and gives it Kassa's own id, `<aid>-0001`,
 * `<aid>-0002`, ... (the account's next store number, taken in the transaction that inserts it).
 * A payout destination it names must exist in the account.
 */
export const createStore = async (
  ctx: AppContext,
  actor: Actor,
  input: StoreInput,
  meta: RequestMeta,
): Promise<StoreView> => {
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, () => insertStore(trx, actor, input)),
  );
  return readStore(await loadStore(ctx.database.db, actor.accountId, id));
};

const insertStore = async (trx: Executor, actor: Actor, input: StoreInput): Promise<string> => {
  const payoutDestinationId = input.payout_destination?.payout_destination_id ?? null;
  if (payoutDestinationId !== null)
    await loadPayoutDestination(trx, actor.accountId, payoutDestinationId, 'payout_destination.payout_destination_id');
  const seq = await nextAccountSeq(trx, actor.accountId, 'stores');
  const now = nowIso();
  const inserted = await trx
    .insertInto('stores')
    .values({
      id: sequencedId(actor.accountId, '', seq),
      account_id: actor.accountId,
      seq,
      store_id: input.store_id,
      store_name: input.store_name,
      organization: input.organization ? toJson(input.organization) : null,
      payout_destination_id: payoutDestinationId,
      created_at: now,
      created_by: actor.subject,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'store_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new AppError('STORE_ALREADY_EXISTS', `A store with store_id ${input.store_id} already exists`, {
      errors: [{ path: 'store_id', message: 'already exists' }],
    });
  }
  return input.store_id;
};
