import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { pageOf, type Page } from '../shared/paging';
import { unknownCursor } from './listing';
import { findStore, readStore } from './store-repository';
import type { StoreView } from './store-schemas';

/** In the order they were created (by Kassa's id); `starting_after` is the store_id of the previous page's last store. */
export const listStores = async (ctx: AppContext, actor: Actor, query: { limit: number; starting_after?: string }): Promise<Page<StoreView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('stores').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after !== undefined) {
    const after = await findStore(db, actor.accountId, query.starting_after);
    if (!after) throw unknownCursor('store');
    q = q.where('seq', '>', after.seq);
  }
  const rows = await q
    .orderBy('seq')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows.map(readStore), query.limit, (s) => s.store_id);
};
