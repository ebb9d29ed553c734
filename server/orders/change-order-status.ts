import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { parseJson, toJson } from '../shared/json-columns';
import { apiEvent, expiresAt, loadOrder, orderNotFound, readOrderWithMoney, shoppingPath } from './order-repository';
import { saveOrder } from './save-order';
import type { CancelOrderInput, CloseOrderInput, OrderData, OrderEvent, OrderView } from './order-schemas';

export type StatusChange = { to: 'closed'; input: CloseOrderInput } | { to: 'cancelled'; input: CancelOrderInput };

/** The fields a close or cancel sets (the order's `data`), stamped now. */
const fieldsOf = (change: StatusChange, now: string): Partial<OrderData> & Record<string, unknown> =>
  change.to === 'closed'
    ? { closed_at: now, ...(change.input.closed_by ? { closed_by: change.input.closed_by } : {}) }
    : {
        cancelled_at: now,
        cancelled_reason: change.input.cancelled_reason,
        ...(change.input.cancelled_by ? { cancelled_by: change.input.cancelled_by } : {}),
      };

/**
 * Closes or cancels an open order (POST /orders/{order_id}/close or /cancel): status, the *_at
 * stamp and *_by, version + 1 and one api event. An order that is not open is refused (409
 * ORDER_NOT_OPEN) and nothing changes.
 */
export const changeOrderStatus = async (
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  change: StatusChange,
  meta: RequestMeta,
): Promise<OrderView> => {
  await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const current = await loadOrder(trx, actor.accountId, orderId, ctx.database);
      if (current.emptied_at) throw orderNotFound(orderId);
      if (current.status !== 'open')
        throw new AppError('ORDER_NOT_OPEN', `The order is ${current.status}; only an open order can be ${change.to}`);
      const now = nowIso();
      const version = current.version + 1;
      const data = { ...parseJson<OrderData>(current.data), ...fieldsOf(change, now) };
      const event = apiEvent(actor, now, version, {
        path: shoppingPath(actor.accountId, `orders/${orderId}/${change.to === 'closed' ? 'close' : 'cancel'}`),
        method: 'POST',
        body: change.input,
      });
      const next = {
        status: change.to,
        data: toJson(data),
        events: toJson([...parseJson<OrderEvent[]>(current.events), event]),
        version,
        updated_at: now,
        expires_at: expiresAt(now, data.time_to_live),
      };
      await saveOrder(trx, current, next);
      return current.id;
    }),
  );
  return readOrderWithMoney(ctx.database.db, await loadOrder(ctx.database.db, actor.accountId, orderId));
};
