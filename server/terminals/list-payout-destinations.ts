import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { pageOf, type Page, keysetRows } from '../shared/paging';
import { unknownCursor } from './listing';
import { findPayoutDestination, readPayoutDestination } from './payout-destination-repository';
import type { PayoutDestinationView } from './payout-destination-schemas';

/** Oldest first; `starting_after` is the payout_destination_id of the previous page's last item. */
export const listPayoutDestinations = async (
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; starting_after?: string },
): Promise<Page<PayoutDestinationView>> => {
  const db = ctx.database.db;
  const q = db.selectFrom('payout_destinations').selectAll().where('account_id', '=', actor.accountId);
  const after =
    query.starting_after === undefined
      ? undefined
      : await findPayoutDestination(db, actor.accountId, query.starting_after);
  if (query.starting_after !== undefined && !after) throw unknownCursor('payout destination');
  const rows = await keysetRows(q, after, query.limit);
  return pageOf(rows.map(readPayoutDestination), query.limit, (p) => p.payout_destination_id);
};
