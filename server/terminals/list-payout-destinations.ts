import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { pageOf, unknownCursor, type Page } from './listing';
import { findPayoutDestination, readPayoutDestination } from './payout-destination-repository';
import type { PayoutDestinationView } from './payout-destination-schemas';
import { afterCursor } from '../shared/paging';

/** Oldest first; `starting_after` is the payout_destination_id of the previous page's last item. */
export const listPayoutDestinations = async (ctx: AppContext, actor: Actor, query: { limit: number; starting_after?: string }): Promise<Page<PayoutDestinationView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('payout_destinations').selectAll().where('account_id', '=', actor.accountId);
  if (query.starting_after !== undefined) {
    const after = await findPayoutDestination(db, actor.accountId, query.starting_after);
    if (!after) throw unknownCursor('payout destination');
    q = q.where(afterCursor(after, after.id));
  }
  const rows = await q
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows.map(readPayoutDestination), query.limit, (p) => p.payout_destination_id);
};
