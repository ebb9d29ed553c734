import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { balancesOf, readCard } from './wallet-repository';
import type { CardView, ListInput } from './wallet-schemas';
import { keysetRows, pageOf, pagingTokenOf, readCursor, type Page, unknownCursor } from '../shared/paging';

/**
 * Oldest first, paged with `starting_after` = the paging_token (`~kassa.` + the last card's Kassa id: header-safe
 * whatever characters the card_id has) or the last card_id of the previous page; `next` is set when there is more.
 */
export const listCards = async (ctx: AppContext, actor: Actor, query: ListInput): Promise<Page<CardView>> => {
  const { db } = ctx.database;
  const after = query.starting_after ? await cursorCard(ctx, actor, query.starting_after) : undefined;
  const rows = await keysetRows(
    db.selectFrom('wallet_cards').selectAll().where('account_id', '=', actor.accountId),
    after,
    query.limit,
  );
  const balances = await balancesOf(
    db,
    rows.map((r) => r.id),
  );
  const page = pageOf(rows, query.limit, (r) => pagingTokenOf(r.id));
  return { ...page, items: page.items.map((row) => readCard(row, balances.get(row.id) ?? 0)) };
};

const cursorCard = async (ctx: AppContext, actor: Actor, cursor: string) => {
  const parsed = readCursor(cursor);
  const [column, value] =
    'clientKey' in parsed ? (['card_id', parsed.clientKey] as const) : (['id', parsed.kassaId] as const);
  const row = await ctx.database.db
    .selectFrom('wallet_cards')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where(column, '=', value)
    .executeTakeFirst();
  if (!row) throw unknownCursor('wallet card');
  return row;
};
