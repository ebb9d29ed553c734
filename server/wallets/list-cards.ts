import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { balancesOf, loadCard, readCard } from './wallet-repository';
import type { CardView, ListInput } from './wallet-schemas';
import { afterCursor, pageOf, type Page } from '../shared/paging';

/** Oldest first, paged with `starting_after` = the last card_id of the previous page; `next` is set when there is more. */
export const listCards = async (ctx: AppContext, actor: Actor, query: ListInput): Promise<Page<CardView>> => {
  const { db } = ctx.database;
  let q = db.selectFrom('wallet_cards').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after) {
    const after = await loadCard(db, actor.accountId, query.starting_after);
    q = q.where(afterCursor(after, after.id));
  }
  const rows = await q
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const balances = await balancesOf(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((row) => readCard(row, balances.get(row.id) ?? 0)),
    query.limit,
    (c) => c.card_id,
  );
};
