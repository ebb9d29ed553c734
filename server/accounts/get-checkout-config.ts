import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { CheckoutConfigView } from './checkout-config-schemas';
import { readCheckoutConfig, type StoredCheckoutConfig } from './checkout-config-store';

export const checkoutConfigView = (accountId: string, stored: StoredCheckoutConfig | undefined): CheckoutConfigView =>
  stored
    ? {
        id: accountId,
        configuration: stored.configuration,
        created_by: stored.updated_by,
        updated_at: stored.updated_at,
      }
    : { id: accountId, configuration: {} };

/** `GET /v1/admin/checkout`: the caller's account's configuration (empty before its first PUT). */
export const getCheckoutConfig = async (ctx: AppContext, actor: Actor): Promise<CheckoutConfigView> =>
  checkoutConfigView(actor.accountId, await readCheckoutConfig(ctx.database.db, actor.accountId));
