import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { addDraftItem } from '../../orders/add-draft-item';
import { addOrderEvent } from '../../orders/add-order-event';
import { changeOrderStatus } from '../../orders/change-order-status';
import { completeDraftOrder } from '../../orders/complete-draft-order';
import { createDraftOrder } from '../../orders/create-draft-order';
import { getOrder } from '../../orders/get-order';
import { getOrderEvents } from '../../orders/get-order-events';
import { listOrders } from '../../orders/list-orders';
import {
  ApiEventSchema,
  CancelOrderBody,
  CloseOrderBody,
  CreateDraftBody,
  DraftParams,
  DraftSchema,
  IfMatchHeaders,
  IncludeEventsQuery,
  ListOrdersQuery,
  OrderItem,
  OrderParams,
  OrderSchema,
  ShoppingParams,
  StatusEventBody,
  StatusEventSchema,
  UpdateOrderBody,
} from '../../orders/order-schemas';
import { updateOrder } from '../../orders/update-order';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { pagingHeaders } from '../../shared/paging';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const BASE = '/v1/accounts/{aid}/shopping';
const DRAFT = `${BASE}/draft_orders/{draft_id}`;
const ORDER = `${BASE}/orders/{order_id}`;
const shopping = { tags: ['shopping orders'], auth: 'bearer' as const };
const ERRORS = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };
const draft = { 200: { description: 'The draft order', schema: DraftSchema } };
const order = {
  200: { description: 'The order (events as include_events asks: all by default)', schema: OrderSchema },
};
const CONFLICT = {
  409: {
    description:
      'ORDER_VERSION_CONFLICT: If-Match or body `version` is not the stored version (nothing changed); CONFLICT: a concurrent update won, retry',
    schema: ErrorBody,
  },
};
const NOT_OPEN = {
  409: { description: 'ORDER_NOT_OPEN: the order is already closed or cancelled (nothing changed)', schema: ErrorBody },
};
const TAKEN = { 409: { description: 'ORDER_ALREADY_EXISTS: another order has the draft order_id', schema: ErrorBody } };

/** Issue 11: the account API's shopping drafts and orders, under /v1/accounts/{aid}/shopping. */
export const orderRoutes = [
  defineRoute({
    ...shopping,
    operationId: 'shopping_draft_orders_post',
    method: 'POST',
    path: `${BASE}/draft_orders`,
    summary: 'Create a draft order (items optional; order_id defaults to the resource id at completion)',
    scopes: SCOPES.shoppingWrite,
    params: ShoppingParams,
    body: CreateDraftBody,
    idempotent: true,
    responses: { ...draft, ...ERRORS },
    handle: async ({ ctx, actor, body, meta }) => ok(await createDraftOrder(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_draft_order_items_post',
    method: 'POST',
    path: `${DRAFT}/items`,
    summary: 'Add an item to a draft order (line_id unique within the draft)',
    scopes: SCOPES.shoppingWrite,
    params: DraftParams,
    body: OrderItem,
    idempotent: true,
    responses: { ...draft, ...ERRORS },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await addDraftItem(ctx, actor, params.draft_id, body, meta)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_draft_order_complete_put',
    method: 'PUT',
    path: `${DRAFT}/complete`,
    summary:
      'Complete a draft (at least 1 item) with `{}`: returns `{orders: [order]}` with its order_id and order_number',
    scopes: SCOPES.shoppingWrite,
    params: DraftParams,
    body: z.strictObject({}),
    bodyOptional: true,
    responses: {
      200: { description: 'The order made from the draft', schema: z.object({ orders: z.array(OrderSchema) }) },
      ...ERRORS,
      ...TAKEN,
    },
    handle: async ({ ctx, actor, params, body }) =>
      ok(await completeDraftOrder(ctx, actor, params.draft_id, body ?? {})),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_orders_get',
    method: 'GET',
    path: `${BASE}/orders`,
    summary: 'List orders, oldest first',
    scopes: SCOPES.shoppingRead,
    params: ShoppingParams,
    query: ListOrdersQuery,
    responses: {
      200: {
        description: 'Orders',
        schema: z.array(OrderSchema),
        headers: { paging_token: 'Present when there are more: pass it as `starting_after` (also takes an order_id)' },
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, query }) => {
      const page = await listOrders(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_get',
    method: 'GET',
    path: ORDER,
    summary: 'Get an order',
    scopes: SCOPES.shoppingRead,
    params: OrderParams,
    query: IncludeEventsQuery,
    responses: { ...order, ...ERRORS },
    handle: async ({ ctx, actor, params, query }) =>
      ok(await getOrder(ctx, actor, params.order_id, query.include_events)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_put',
    method: 'PUT',
    path: ORDER,
    summary: 'Update an order (the given updatable fields replace the stored ones; version + 1)',
    description:
      '`If-Match: <version>` or `version` in the body: when it is not the stored version the update is refused with 409 ORDER_VERSION_CONFLICT and nothing changes.',
    scopes: SCOPES.shoppingWrite,
    params: OrderParams,
    query: IncludeEventsQuery,
    headers: IfMatchHeaders,
    body: UpdateOrderBody,
    responses: { ...order, ...ERRORS, ...CONFLICT },
    handle: async ({ ctx, actor, params, query, headers, body }) =>
      ok(await updateOrder(ctx, actor, params.order_id, body, headers['if-match'], query.include_events)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_events_post',
    method: 'POST',
    path: `${ORDER}/events`,
    summary: 'Add a status event (a service reporting on the order; state defaults to success)',
    scopes: SCOPES.shoppingEvents,
    params: OrderParams,
    body: StatusEventBody,
    idempotent: true,
    responses: { 200: { description: 'The event', schema: StatusEventSchema }, ...ERRORS },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await addOrderEvent(ctx, actor, params.order_id, body, meta)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_events_get',
    method: 'GET',
    path: `${ORDER}/events`,
    summary: "An order's events (as include_events asks: all by default) and its state (from all events)",
    scopes: SCOPES.shoppingRead,
    params: OrderParams,
    query: IncludeEventsQuery,
    responses: {
      200: {
        description: 'The events, oldest first, and the state',
        schema: z.object({
          events: z.array(z.union([StatusEventSchema, ApiEventSchema])),
          state: z.enum(['failure', 'pending', 'success']),
        }),
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, params, query }) =>
      ok(await getOrderEvents(ctx, actor, params.order_id, query.include_events)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_close_post',
    method: 'POST',
    path: `${ORDER}/close`,
    summary: 'Close an open order (closed_by at most 40 characters)',
    scopes: SCOPES.shoppingWrite,
    params: OrderParams,
    body: CloseOrderBody,
    bodyOptional: true,
    idempotent: true,
    responses: { ...order, ...ERRORS, ...NOT_OPEN },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await changeOrderStatus(ctx, actor, params.order_id, { to: 'closed', input: body ?? {} }, meta)),
  }),
  defineRoute({
    ...shopping,
    operationId: 'shopping_order_cancel_post',
    method: 'POST',
    path: `${ORDER}/cancel`,
    summary: 'Cancel an open order (cancelled_reason customer, declined or other; cancelled_by at most 40 characters)',
    scopes: SCOPES.shoppingWrite,
    params: OrderParams,
    body: CancelOrderBody,
    idempotent: true,
    responses: { ...order, ...ERRORS, ...NOT_OPEN },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await changeOrderStatus(ctx, actor, params.order_id, { to: 'cancelled', input: body }, meta)),
  }),
];
