import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadOrder, readOrderWithMoney } from './order-repository';
import type { EventFilter, OrderView } from './order-schemas';

/** One order of the caller's account, its events filtered by include_events. */
export const getOrder = async (
  ctx: AppContext,
  actor: Actor,
  orderId: string,
  include?: EventFilter[],
): Promise<OrderView> =>
  readOrderWithMoney(ctx.database.db, await loadOrder(ctx.database.db, actor.accountId, orderId), include);
