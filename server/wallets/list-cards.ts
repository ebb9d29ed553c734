import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { balancesOf, loadCard, readCard } from './wallet-repository';
import type { CardView, ListInput } from './wallet-schemas';
import { keysetRows, pageOf, type Page } from '../shared/paging';

/** Oldest first, paged with `starting_after` = the last card_id of the previous page; `next` is set when there is more. */
export const listCards = async (ctx: AppContext, actor: Actor, query: ListInput): Promise<Page<CardView>> => {
  const { db } = ctx.database;
  const after = query.starting_after ? await loadCard(db, actor.accountId, query.starting_after) : undefined;
  const rows = await keysetRows(db.selectFrom('wallet_cards').selectAll().where('account_id', '=', actor.accountId), after, query.limit);
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
