import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { pageOf, pagingTokenOf, readCursor, type Page } from '../shared/paging';
import { unknownCursor } from './listing';
import { findStore, readStore } from './store-repository';
import type { StoreView } from './store-schemas';

/**
 * In the order they were created (by Kassa's id); `starting_after` is the paging_token (`~kassa.` + the previous
 * page's last store's Kassa id: header-safe whatever the store_id holds) or that store's store_id.
 */
export const listStores = async (
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; starting_after?: string },
): Promise<Page<StoreView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('stores').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after !== undefined) {
    const cursor = readCursor(query.starting_after);
    const after =
      'clientKey' in cursor
        ? await findStore(db, actor.accountId, cursor.clientKey)
        : await db
            .selectFrom('stores')
            .selectAll()
            .where('account_id', '=', actor.accountId)
            .where('id', '=', cursor.kassaId)
            .executeTakeFirst();
    if (!after) throw unknownCursor('store');
    q = q.where('seq', '>', after.seq);
  }
  const rows = await q
    .orderBy('seq')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, (r) => pagingTokenOf(r.id));
  return { ...page, items: page.items.map(readStore) };
};
