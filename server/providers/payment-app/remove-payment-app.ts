import type { AppContext } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { paymentAppNotFound } from './configure-payment-app';
import { productTypeOf } from './payment-app-config';

/**
 * Deletes the account's payment app `name`: it is no longer offered, and Kassa can no longer reach it
 * for its transactions (their captures, refunds and voids answer 503 PROVIDER_UNAVAILABLE). To stop
 * offering it but keep operating its transactions, PUT it with `enabled: false` instead.
 */
export const removePaymentApp = async (ctx: AppContext, actor: Actor, name: string): Promise<void> => {
  const deleted = await ctx.database.db
    .deleteFrom('gateway_settings')
    .where('account_id', '=', actor.accountId)
    .where('gateway', '=', productTypeOf(name))
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw paymentAppNotFound(name);
};
