import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadCustomer } from './customer-repository';
import type { CardTokenView, Page } from './customer-schemas';
import { listCardTokens } from './list-card-tokens';

/** The stored cards of one customer (which must exist and not be deleted). */
export const listCustomerTokens = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  query: { limit: number; starting_after?: string; include_deleted: boolean; total: boolean },
): Promise<Page<CardTokenView>> => {
  await loadCustomer(ctx.database.db, actor.accountId, customerId);
  return listCardTokens(ctx, actor, { ...query, customer_id: customerId });
};
