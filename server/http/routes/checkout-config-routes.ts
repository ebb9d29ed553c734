import { CheckoutConfigBody, CheckoutConfigView } from '../../accounts/checkout-config-schemas';
import { getCheckoutConfig } from '../../accounts/get-checkout-config';
import { updateCheckoutConfig } from '../../accounts/update-checkout-config';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST } from './common-responses';

const WRITE = ['admin:checkout', 'write:checkout:/admin/checkout'] as const;
const READ = [...WRITE, 'read:checkout'] as const;
const base = { path: '/v1/admin/checkout', tags: ['admin'], auth: 'bearer-or-api-key' as const };
const one = { 200: { description: "The account's checkout configuration", schema: CheckoutConfigView } };
const description =
  "The account's checkout configuration. Kassa keeps its `merchant`: `name`, `logo_url`, `website`, `merchant_category_code` (1-4 digits) and `country` (ISO 3166-1 alpha-2). New transactions carry `metadata.merchant_country` and `metadata.merchant_category_code` from it, whatever provider pays them, and the sandbox card acquirer sees a card's `region` from the country (Norway when unset). `payment_options` and `payout` of the public API are not kept: a body with them is 400.";

export const checkoutConfigRoutes = [
  defineRoute({
    ...base,
    operationId: 'admin_checkout_get',
    method: 'GET',
    summary: "Read the account's checkout configuration",
    description,
    scopes: READ,
    responses: { ...one, ...AUTH_ERRORS },
    handle: async ({ ctx, actor }) => ok(await getCheckoutConfig(ctx, actor)),
  }),
  defineRoute({
    ...base,
    operationId: 'admin_checkout_put',
    method: 'PUT',
    summary: "Replace the account's checkout configuration",
    description: `${description} The body replaces the whole configuration: a field left out is cleared, and sending the same body again changes nothing.`,
    scopes: WRITE,
    body: CheckoutConfigBody,
    responses: { ...one, ...INVALID_REQUEST, ...AUTH_ERRORS },
    handle: async ({ ctx, actor, body }) => ok(await updateCheckoutConfig(ctx, actor, body)),
  }),
];
