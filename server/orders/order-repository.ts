import type { Selectable } from 'kysely';
import type { Actor } from '../auth/scopes';
import type { Database, Executor } from '../db/database';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { randomBase58 } from '../shared/ids';
import { parseJson } from '../shared/json-columns';
import type { ShoppingOrdersTable } from './orders-tables';
import type { DraftView, EventFilter, OrderData, OrderEvent, OrderItemInput, OrderView } from './order-schemas';
import { orderAmounts } from './order-amounts';
import { orderState } from './order-state';
import { linkedMoney, paymentOf, type LinkedMoney } from './order-payment';

export type OrderRow = Selectable<ShoppingOrdersTable>;

export const orderNotFound = (orderId: string) => new AppError('ORDER_NOT_FOUND', `Order ${orderId} was not found`);
export const draftNotFound = (draftId: string) =>
  new AppError('DRAFT_ORDER_NOT_FOUND', `Draft order ${draftId} was not found`);

const accountRows = (exec: Executor, accountId: string) =>
  exec.selectFrom('shopping_orders').selectAll().where('account_id', '=', accountId);

/** The one row `q` selects, locked for the caller's transaction with `lock`; none is `notFound`. */
const loadRow = async (
  q: ReturnType<typeof accountRows>,
  lock: Database | undefined,
  notFound: () => AppError,
): Promise<OrderRow> => {
  const row = await (lock ? forUpdate(lock, q) : q).executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

/** The account's order (a completed draft) with this order_id; with `lock`, locked for the caller's transaction. */
export const loadOrder = async (
  exec: Executor,
  accountId: string,
  orderId: string,
  lock?: Database,
): Promise<OrderRow> =>
  loadRow(accountRows(exec, accountId).where('order_id', '=', orderId), lock, () => orderNotFound(orderId));

/** The account's draft (not yet completed) with this id. */
export const loadDraft = async (
  exec: Executor,
  accountId: string,
  draftId: string,
  lock?: Database,
): Promise<OrderRow> =>
  loadRow(accountRows(exec, accountId).where('id', '=', draftId).where('order_id', 'is', null), lock, () =>
    draftNotFound(draftId),
  );

/** Which events a response shows: none given or `true` is all; `false` none; `api-event`/`service-event` those kinds. */
export const filterEvents = (events: OrderEvent[], filters: EventFilter[] | undefined): OrderEvent[] => {
  const f = filters?.length ? filters : ['true'];
  if (f.includes('true')) return events;
  return events.filter((e) => ('service' in e ? f.includes('service-event') : f.includes('api-event')));
};

/** `updated_at + time_to_live`, or null without a time_to_live. */
export const expiresAt = (updatedAt: string, ttl: number | undefined): string | null =>
  ttl === undefined ? null : new Date(Date.parse(updatedAt) + ttl * 1000).toISOString();

/** readOrder with the money its linked checkout transactions hold, read now. */
export const readOrderWithMoney = async (
  exec: Executor,
  row: OrderRow,
  filters?: EventFilter[],
): Promise<OrderView> => {
  const money = await linkedMoney(exec, row.account_id, [
    { order_id: row.order_id, currency: parseJson<Partial<OrderData>>(row.data).currency },
  ]);
  return readOrder(row, filters, money.get(row.order_id!));
};

/** The order as the API returns it; `money` is what its linked checkout transactions hold (see order-payment.ts). */
export const readOrder = (row: OrderRow, filters?: EventFilter[], money?: LinkedMoney): OrderView => {
  const data = parseJson<Partial<OrderData>>(row.data);
  const events = parseJson<OrderEvent[]>(row.events);
  const amounts = orderAmounts(data.items ?? []);
  return {
    id: row.id,
    order_id: row.order_id!,
    order_number: row.order_number!,
    ...data,
    status: row.status as OrderView['status'],
    ...(row.emptied_at
      ? { payment_status: 'pending', emptied_at: row.emptied_at }
      : { ...amounts, total_manual_discount_amount: 0, ...paymentOf(amounts.gross_amount, money) }),
    ...(row.expires_at ? { time_to_live_expires_at: row.expires_at } : {}),
    version: row.version,
    events: filterEvents(events, filters),
    state: orderState(events),
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
};

export const readDraft = (row: OrderRow): DraftView => {
  const data = parseJson<OrderData>(row.data);
  return {
    id: row.id,
    ...data,
    items: data.items ?? [],
    ...orderAmounts(data.items ?? []),
    version: row.version,
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
};

/** An api event: who changed the order, at which version, with which request. */
export const apiEvent = (
  actor: Actor,
  at: string,
  version: number,
  request: EventRequest,
  extra: { draft_id?: string } = {},
): OrderEvent => ({
  id: newEventId(),
  created_at: at,
  created_by: actor.subject,
  version,
  ...extra,
  request,
});

export interface EventRequest {
  path: string;
  method: string;
  body: unknown;
}

/** At most 40 characters, as the reference says. */
export const newEventId = (): string => `evt_${randomBase58(24)}`;

export const shoppingPath = (accountId: string, rest: string): string => `/v1/accounts/${accountId}/shopping/${rest}`;

/** Items as stored (what was validated). */
export const itemsOf = (row: OrderRow): OrderItemInput[] => parseJson<OrderData>(row.data).items ?? [];
