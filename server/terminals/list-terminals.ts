import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { pageOf, type Page } from '../shared/paging';
import { unknownCursor } from './listing';
import { readTerminal, terminalQuery } from './terminal-repository';
import type { TerminalListInput, TerminalView } from './terminal-schemas';

/**
 * The account's terminals in the order they were registered; `starting_after` is the terminal_id of
 * the previous page's last terminal. Filters: stores (`store_id[]`), payout destinations of their
 * stores (`payout_destination_id[]`); DELETED terminals only with include_deleted=true.
 */
export const listTerminals = async (
  ctx: AppContext,
  actor: Actor,
  q: TerminalListInput,
): Promise<Page<TerminalView>> => {
  const db = ctx.database.db;
  let query = db.selectFrom('terminals').selectAll().where('account_id', '=', actor.accountId);
  if (!q.include_deleted) query = query.where('status', '!=', 'DELETED');
  const storeIds = [...(q['store_id[]'] ?? []), ...(q.store_id ?? [])];
  if (storeIds.length) query = query.where('store_id', 'in', storeIds);
  const payoutDestinationIds = [...(q['payout_destination_id[]'] ?? []), ...(q.payout_destination_id ?? [])];
  if (payoutDestinationIds.length) {
    const stores = db
      .selectFrom('stores')
      .select('store_id')
      .where('account_id', '=', actor.accountId)
      .where('payout_destination_id', 'in', payoutDestinationIds);
    query = query.where('store_id', 'in', stores);
  }
  if (q.starting_after !== undefined) {
    const after = await terminalQuery(db, actor.accountId, q.starting_after).executeTakeFirst();
    if (!after) throw unknownCursor('terminal');
    query = query.where('seq', '>', after.seq);
  }
  const page = pageOf(
    await query
      .orderBy('seq')
      .limit(q.limit + 1)
      .execute(),
    q.limit,
    (t) => t.terminal_id,
  );
  const stores = q.includes?.includes('store')
    ? await storeSummaries(
        db,
        actor.accountId,
        page.items.map((t) => t.store_id),
      )
    : undefined;
  return { ...page, items: page.items.map((t) => readTerminal(t, stores?.get(t.store_id))) };
};

/** `store {id, store_name}` of each store on the page, in one query. */
const storeSummaries = async (
  db: Executor,
  accountId: string,
  storeIds: string[],
): Promise<Map<string, { id: string; store_name: string }>> => {
  if (!storeIds.length) return new Map();
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'store_id', 'store_name'])
    .where('account_id', '=', accountId)
    .where('store_id', 'in', [...new Set(storeIds)])
    .execute();
  return new Map(rows.map((s) => [s.store_id, { id: s.id, store_name: s.store_name }]));
};
