import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { parseJson } from '../shared/json-columns';
import { linkedMoney } from './order-payment';
import { readOrder } from './order-repository';
import type { ListOrdersInput, OrderView, Page } from './order-schemas';
import { keysetRows, pageOf, pagingTokenOf, readCursor, unknownCursor } from '../shared/paging';

/**
 * The account's orders (completed drafts), oldest first. `starting_after` is the last order_id of
 * the previous page, or the paging_token (`~kassa.` + that order's resource id: header-safe, never
 * taken for an order_id).
 */
export const listOrders = async (ctx: AppContext, actor: Actor, query: ListOrdersInput): Promise<Page<OrderView>> => {
  const db = ctx.database.db;
  const after = query.starting_after === undefined ? undefined : await cursorOrder(ctx, actor, query.starting_after);
  const rows = await keysetRows(
    db
      .selectFrom('shopping_orders')
      .selectAll()
      .where('account_id', '=', actor.accountId)
      .where('order_id', 'is not', null),
    after,
    query.limit,
  );
  const shown = pageOf(rows, query.limit, (r) => pagingTokenOf(r.id));
  const money = await linkedMoney(
    db,
    actor.accountId,
    shown.items.map((r) => ({ order_id: r.order_id, currency: parseJson<{ currency?: string }>(r.data).currency })),
  );
  return { ...shown, items: shown.items.map((r) => readOrder(r, query.include_events, money.get(r.order_id!))) };
};

/** The cursor row: the paging_token's order (by Kassa id), else the order with that order_id, else (an older token) that Kassa id. */
const cursorOrder = async (ctx: AppContext, actor: Actor, cursor: string) => {
  const parsed = readCursor(cursor);
  const find = (column: 'id' | 'order_id', value: string) =>
    ctx.database.db
      .selectFrom('shopping_orders')
      .select(['created_at', 'id', 'order_id'])
      .where('account_id', '=', actor.accountId)
      .where('order_id', 'is not', null)
      .where(column, '=', value)
      .executeTakeFirst();
  const after =
    'kassaId' in parsed
      ? await find('id', parsed.kassaId)
      : ((await find('order_id', parsed.clientKey)) ?? (await find('id', parsed.clientKey)));
  if (!after) throw unknownCursor('order');
  return after;
};
