import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { balancesOf, loadCard, readCard } from './wallet-repository';
import type { CardView, ListInput } from './wallet-schemas';
import { afterCursor } from '../shared/paging';

/** Oldest first, paged with `starting_after` = the last card_id of the previous page; `next` is set when the page is full. */
export const listCards = async (ctx: AppContext, actor: Actor, query: ListInput): Promise<{ cards: CardView[]; next?: string }> => {
  const { db } = ctx.database;
  let q = db.selectFrom('wallet_cards').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after) {
    const after = await loadCard(db, actor.accountId, query.starting_after);
    q = q.where(afterCursor(after, after.id));
  }
  const rows = await q.orderBy('created_at').orderBy('id').limit(query.limit).execute();
  const balances = await balancesOf(
    db,
    rows.map((r) => r.id),
  );
  const cards = rows.map((row) => readCard(row, balances.get(row.id) ?? 0));
  return rows.length === query.limit ? { cards, next: rows.at(-1)!.card_id } : { cards };
};
