import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { parseJson, toJson } from '../shared/json-columns';
import { expiresAt, loadOrder, newEventId, orderNotFound, shoppingPath } from './order-repository';
import { saveOrder } from './save-order';
import type { OrderData, OrderEvent, StatusEventInput } from './order-schemas';

/**
 * Appends a status event (a service reporting on the order) and returns it. It is a change: the
 * version goes up by one and the time_to_live counts again from now.
 */
export const addOrderEvent = async (
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  input: StatusEventInput,
  meta: RequestMeta,
): Promise<OrderEvent> => {
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const current = await loadOrder(trx, actor.accountId, orderId, ctx.database);
      if (current.emptied_at) throw orderNotFound(orderId);
      const version = current.version + 1;
      const now = nowIso();
      const event: OrderEvent = {
        id: newEventId(),
        created_at: now,
        created_by: actor.subject,
        version,
        ...input,
        request: { path: shoppingPath(actor.accountId, `orders/${orderId}/events`), method: 'POST', body: input },
      };
      const next = {
        events: toJson([...parseJson<OrderEvent[]>(current.events), event]),
        version,
        updated_at: now,
        expires_at: expiresAt(now, parseJson<OrderData>(current.data).time_to_live),
      };
      await saveOrder(trx, current, next);
      return event.id;
    }),
  );
  const events = parseJson<OrderEvent[]>((await loadOrder(ctx.database.db, actor.accountId, orderId)).events);
  return events.find((e) => e.id === id)!;
};
