import { z } from 'zod';
import { HttpUrl, SafeText } from '../shared/schemas';

/**
 * The merchant of the account's checkout configuration (the public API's `configuration.merchant`). Every field is
 * optional; a field Kassa does not keep is refused (400) rather than dropped.
 */
export const CheckoutMerchant = z.strictObject({
  name: SafeText.min(1).max(100).optional(),
  logo_url: HttpUrl.max(2048).optional(),
  website: HttpUrl.max(2048).optional(),
  merchant_category_code: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a merchant category code of 1-4 digits (ISO 18245, e.g. 5814)')
    .optional()
    .describe('Carried by new transactions as `metadata.merchant_category_code`'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code in capitals (e.g. NO)')
    .optional()
    .describe(
      "Carried by new transactions as `metadata.merchant_country`; the sandbox acquirer sees a card's `region` from it (Norway when unset)",
    ),
});
export type CheckoutMerchant = z.infer<typeof CheckoutMerchant>;

/**
 * What Kassa keeps of the public API's checkout configuration: `merchant` only. `payment_options` and `payout` are
 * not Kassa's (payment types are chosen per session, payouts are not Kassa's business) and are refused as unknown.
 */
export const CheckoutConfiguration = z.strictObject(
  { merchant: CheckoutMerchant.optional() },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Kassa keeps only \`merchant\` of the checkout configuration, not ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (payment types are chosen per session: \`configuration\` of POST /v1/sessions)`
        : undefined,
  },
);
export type CheckoutConfiguration = z.infer<typeof CheckoutConfiguration>;

export const CheckoutConfigBody = z.strictObject({ configuration: CheckoutConfiguration });
export type CheckoutConfigBody = z.infer<typeof CheckoutConfigBody>;

export const CheckoutConfigView = z.object({
  id: z.string().describe('The account id'),
  configuration: CheckoutConfiguration,
  created_by: z.string().optional().describe('Who last replaced the configuration (client id or `api-key:<id>`)'),
  updated_at: z.string().optional(),
});
export type CheckoutConfigView = z.infer<typeof CheckoutConfigView>;
