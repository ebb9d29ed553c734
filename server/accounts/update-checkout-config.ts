import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import type { CheckoutConfigBody, CheckoutConfigView } from './checkout-config-schemas';
import { writeCheckoutConfig } from './checkout-config-store';
import { checkoutConfigView } from './get-checkout-config';

/**
 * `PUT /v1/admin/checkout`: replaces the account's configuration with the body's (a field left out is cleared), so
 * sending the same body again leaves the same configuration. New transactions read it when they start.
 */
export const updateCheckoutConfig = async (
  ctx: AppContext,
  actor: Actor,
  body: CheckoutConfigBody,
): Promise<CheckoutConfigView> => {
  const stored = { configuration: body.configuration, updated_by: actor.subject, updated_at: nowIso() };
  await inTransaction(ctx.database, (trx) => writeCheckoutConfig(trx, actor.accountId, stored));
  return checkoutConfigView(actor.accountId, stored);
};
