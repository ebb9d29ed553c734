import type { OrderEvent } from './order-schemas';

/**
 * The order's combined state, as the spec defines it, from its status (service) events; api events
 * carry no state. `failure` if any status event is error or failure; otherwise `pending` if there is
 * no status event or the latest status of any service is pending; otherwise `success` (the latest
 * status of every service is success).
 */
export const orderState = (events: OrderEvent[]): 'failure' | 'pending' | 'success' => {
  const statusEvents = events.filter((e): e is Extract<OrderEvent, { service: string }> => 'service' in e);
  if (statusEvents.some((e) => e.state === 'error' || e.state === 'failure')) return 'failure';
  if (!statusEvents.length) return 'pending';
  const latest = new Map<string, string>();
  for (const e of statusEvents) latest.set(e.service, e.state); // oldest first: the last one wins
  return [...latest.values()].some((s) => s === 'pending') ? 'pending' : 'success';
};
