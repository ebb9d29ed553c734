import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { parseJson } from '../shared/json-columns';
import { linkedMoney } from './order-payment';
import { orderNotFound, readOrder } from './order-repository';
import type { ListOrdersInput, OrderView, Page } from './order-schemas';
import { afterCursor, pageOf } from '../shared/paging';

/**
 * The account's orders (completed drafts), oldest first. `starting_after` is the last order_id of
 * the previous page, or the paging_token (that order's resource id: header-safe).
 */
export const listOrders = async (ctx: AppContext, actor: Actor, query: ListOrdersInput): Promise<Page<OrderView>> => {
  const db = ctx.database.db;
  let page = db.selectFrom('shopping_orders').selectAll().where('account_id', '=', actor.accountId).where('order_id', 'is not', null);
  if (query.starting_after) {
    const cursor = query.starting_after;
    const found = await db
      .selectFrom('shopping_orders')
      .select(['created_at', 'id', 'order_id'])
      .where('account_id', '=', actor.accountId)
      .where('order_id', 'is not', null)
      .where((eb) => eb.or([eb('order_id', '=', cursor), eb('id', '=', cursor)]))
      .execute();
    const after = found.find((o) => o.order_id === cursor) ?? found[0];
    if (!after) throw orderNotFound(cursor);
    page = page.where(afterCursor(after, after.id));
  }
  const rows = await page
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const shown = pageOf(rows, query.limit, (r) => r.id);
  const money = await linkedMoney(
    db,
    actor.accountId,
    shown.items.map((r) => ({ order_id: r.order_id, currency: parseJson<{ currency?: string }>(r.data).currency })),
  );
  return { ...shown, items: shown.items.map((r) => readOrder(r, query.include_events, money.get(r.order_id!))) };
};
