import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadCustomer, readCustomer } from './customer-repository';
import type { CustomerView } from './customer-schemas';

/** One customer of the caller's account; a deleted one is not found. */
export const getCustomer = async (ctx: AppContext, actor: Actor, customerId: string): Promise<CustomerView> =>
  readCustomer(await loadCustomer(ctx.database.db, actor.accountId, customerId));
