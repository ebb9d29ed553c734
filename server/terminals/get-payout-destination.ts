import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadPayoutDestination, readPayoutDestination } from './payout-destination-repository';
import type { PayoutDestinationView } from './payout-destination-schemas';

export const getPayoutDestination = async (
  ctx: AppContext,
  actor: Actor,
  payoutDestinationId: string,
): Promise<PayoutDestinationView> =>
  readPayoutDestination(await loadPayoutDestination(ctx.database.db, actor.accountId, payoutDestinationId));
