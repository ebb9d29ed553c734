import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { parseJson } from '../shared/json-columns';
import { filterEvents, loadOrder } from './order-repository';
import type { EventFilter, OrderEvent } from './order-schemas';
import { orderState } from './order-state';

/** An order's events (filtered by include_events) and its state, derived from all of them. */
export const getOrderEvents = async (
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  include?: EventFilter[],
): Promise<{ events: OrderEvent[]; state: ReturnType<typeof orderState> }> => {
  const events = parseJson<OrderEvent[]>((await loadOrder(ctx.database.db, actor.accountId, orderId)).events);
  return { events: filterEvents(events, include), state: orderState(events) };
};
