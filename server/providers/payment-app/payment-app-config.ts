import { z } from 'zod';
import type { Executor } from '../../db/database';
import { SECRET_MASK, parseSealedSecrets, type SealedSecrets } from '../../secrets/gateway-secrets';
import { HttpUrl, SafeString } from '../../shared/schemas';
import type { PaymentProduct, ProductKind } from '../port';

/**
 * One payment app of an account (PUT /v1/admin/gateways/payment_app/{name}, docs/payment-app.md),
 * stored in `gateway_settings` under `payment_app.<name>`, which is also its payment product type.
 */
export const PAYMENT_APP = 'payment_app';
export const MAX_PAYMENT_APPS_PER_ACCOUNT = 20;

/** Lower-case letters, digits and `_`, starting with a letter: `payment_app.<name>` is a payment product type. */
export const PaymentAppName = z
  .string()
  .max(32, 'must be at most 32 characters')
  .regex(/^[a-z][a-z0-9_]*$/, 'must be lower-case letters, digits and _, starting with a letter');

/** Card data never leaves Kassa for an app: an app that takes cards does so on its own page (`redirect`). */
export const PAYMENT_APP_KINDS = [
  'redirect',
  'wallet',
  'invoice',
  'installment',
] as const satisfies readonly ProductKind[];

export const PaymentAppCapabilities = z.strictObject({
  partial_capture: z.boolean().default(true),
  partial_void: z.boolean().default(false),
  item_based: z.boolean().default(false),
  refunds: z.boolean().default(true),
  customer_action: z.boolean().default(true),
  async_operations: z.boolean().default(true),
});

export const PaymentAppConfig = z.strictObject({
  /** Off: not offered for new payments; operations on its transactions still go to the app. */
  enabled: z.boolean().default(true),
  url: HttpUrl.max(2000, 'must be at most 2000 characters').describe(
    "The app's base URL: Kassa POSTs to `<url>/authorize`, `/complete-customer-action`, `/capture`, `/refund`, `/void` and `/status`",
  ),
  display_name: SafeString.min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe('The name the checkout shows'),
  kind: z.enum(PAYMENT_APP_KINDS).default('redirect'),
  capabilities: PaymentAppCapabilities.prefault({}),
  timeout_ms: z
    .number()
    .int('must be whole milliseconds')
    .min(500, 'must be at least 500')
    .max(30_000, 'must be at most 30000')
    .default(10_000),
});
export type PaymentAppConfig = z.infer<typeof PaymentAppConfig>;

/** The app's one stored credential (ADR 049): sealed at rest, sent as `Authorization: Bearer`, shown only masked. */
export const AUTH_TOKEN = 'auth_token';
const AUTH_TOKEN_RULE = `must be 16 to 512 visible ASCII characters, "${SECRET_MASK}" (keep the stored one) or null (remove it)`;
const AuthToken = z
  .string()
  .min(16)
  .max(512)
  // the length in the pattern too: a generator of the document's strings (clients, the contract test) makes fitting ones
  .regex(/^[\x21-\x7e]{16,512}$/);

/** What a PUT takes: the stored configuration and the credential (the mask or no field keeps it, null removes it). */
export const PaymentAppConfigInput = PaymentAppConfig.extend({
  auth_token: z
    .union([z.literal(SECRET_MASK), AuthToken], { error: AUTH_TOKEN_RULE })
    .nullable()
    .optional()
    .describe(
      `A bearer token Kassa sends the app on every call (\`Authorization: Bearer <token>\`), stored encrypted. Leave it out or send \`${SECRET_MASK}\` to keep the stored one, \`null\` to remove it.`,
    ),
});
export type PaymentAppConfigInput = z.infer<typeof PaymentAppConfigInput>;

/** What a GET shows: the credential only as the mask, and only when one is stored. */
export const PaymentAppConfigView = PaymentAppConfig.extend({
  auth_token: z.literal(SECRET_MASK).optional().describe('Present when a token is stored; never its value'),
});
export type PaymentAppConfigView = z.infer<typeof PaymentAppConfigView>;

export const productTypeOf = (name: string): string => `${PAYMENT_APP}.${name}`;

/** A payment with a payment app (the pay request's `payment`): the shopper gives Kassa nothing more, the app asks on its own page. */
export const PaymentAppPayment = z.strictObject({
  payment_product_type: z
    .string()
    .regex(new RegExp(`^${PAYMENT_APP}\\.[a-z][a-z0-9_]{0,31}$`), `must be ${PAYMENT_APP}.<name>`),
});

/** The app's name in `payment_app.<name>`, or undefined for any other type. */
export const appNameOf = (productType: string): string | undefined => {
  const [provider, name, ...rest] = productType.split('.');
  return provider === PAYMENT_APP && name && rest.length === 0 && PaymentAppName.safeParse(name).success
    ? name
    : undefined;
};

export const productOf = (name: string, config: PaymentAppConfig): PaymentProduct => ({
  type: productTypeOf(name),
  name: config.display_name,
  kind: config.kind,
  capabilities: {
    partialCapture: config.capabilities.partial_capture,
    partialVoid: config.capabilities.partial_void,
    itemBased: config.capabilities.item_based,
    refunds: config.capabilities.refunds,
    customerAction: config.capabilities.customer_action,
    asyncOperations: config.capabilities.async_operations,
    tokenization: false,
    authorizationUpdate: false,
  },
});

/** The account's app `name` and its sealed credentials, or undefined when none is configured. */
export const readPaymentAppRow = async (
  exec: Executor,
  accountId: string,
  name: string,
): Promise<{ config: PaymentAppConfig; secrets: SealedSecrets } | undefined> => {
  const row = await exec
    .selectFrom('gateway_settings')
    .select(['configuration', 'secrets'])
    .where('account_id', '=', accountId)
    .where('gateway', '=', productTypeOf(name))
    .executeTakeFirst();
  return row
    ? { config: PaymentAppConfig.parse(JSON.parse(row.configuration)), secrets: parseSealedSecrets(row.secrets) }
    : undefined;
};

/** The account's app `name`, or undefined when none is configured. */
export const readPaymentApp = async (
  exec: Executor,
  accountId: string,
  name: string,
): Promise<PaymentAppConfig | undefined> => (await readPaymentAppRow(exec, accountId, name))?.config;

/** Every app of the account, by name, in name order. */
export const listPaymentApps = async (
  exec: Executor,
  accountId: string,
): Promise<{ name: string; config: PaymentAppConfig }[]> => {
  const rows = await exec
    .selectFrom('gateway_settings')
    .select(['gateway', 'configuration'])
    .where('account_id', '=', accountId)
    .where('gateway', 'like', `${PAYMENT_APP}.%`)
    .orderBy('gateway')
    .execute();
  return rows.flatMap((r) => {
    const name = appNameOf(r.gateway);
    return name ? [{ name, config: PaymentAppConfig.parse(JSON.parse(r.configuration)) }] : [];
  });
};
