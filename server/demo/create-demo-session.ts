import type { AppContext, RequestMeta } from '../app-context';
import { ALL_SCOPES, type Actor } from '../auth/scopes';
import { priceDemoCart, type DemoCartLine } from '../../domain/demo-catalog';
import { sumMinor } from '../../domain/money';
import { AppError } from '../errors/app-error';
import { inTransaction } from '../db/tx';
import { checkoutUrlFor, type CreatedSession } from '../sessions/create-session';
import { insertSession, validateSessionDraft } from '../sessions/insert-session';
import { CreateSessionBody } from '../sessions/session-schemas';
import { createSignatureSecret, findSigningSecret } from '../signature/signature-secrets';
import { recordDemoOrder } from './demo-orders';
import { PAYMENT_APP } from '../providers/payment-app/payment-app-config';
import { DEMO_APP_NAME, ensureDemoPaymentApp } from './payment-app/ensure-demo-payment-app';

/** The cart used when the form sends none (the old one-button demo). */
export const DEFAULT_DEMO_CART: DemoCartLine[] = [
  { id: 'mug', quantity: 2 },
  { id: 'beans', quantity: 1 },
];

/** The store's endpoints, under its public origin (ADR 007). */
export const demoUrls = (baseUrl: string) => ({
  return_url: `${baseUrl}/demo/return`,
  // POST with the transaction as body; later captures, refunds and voids are reported too.
  callback_url: `${baseUrl}/demo/api/callback?method=POST&report_event=CAPTURE&report_event=REFUND&report_event=VOID`,
  shipping_address_callback_url: `${baseUrl}/demo/api/shipping-address`,
  discount_codes_callback_url: `${baseUrl}/demo/api/discount-codes`,
});

/** The demo account signs its callbacks, so the store can verify them: a secret is made once. */
const ensureSigningSecret = async (ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> => {
  if (!(await findSigningSecret(ctx.database.db, actor.accountId)))
    await createSignatureSecret(ctx, actor, { ...meta, idempotency: undefined });
};

/**
 * The store's "Checkout" buttons: an express session for the cart (prices from the catalog only),
 * with the store's shipping address and discount code callbacks, for the demo merchant's own account.
 * The session is recorded as the demo's in the transaction that inserts it (ADR 029): the back
 * office acts on recorded sessions only.
 */
export const createDemoSession = async (
  ctx: AppContext,
  accountId: string,
  cart: readonly DemoCartLine[],
  meta: RequestMeta,
): Promise<CreatedSession> => {
  const items = priceDemoCart(cart);
  if (items.length === 0) throw new AppError('INVALID_REQUEST', 'The cart is empty');
  const urls = demoUrls(meta.baseUrl);
  const actor: Actor = { accountId, subject: 'demo-shop', scopes: [...ALL_SCOPES] };
  await ensureSigningSecret(ctx, actor, meta);
  const withApp = await ensureDemoPaymentApp(ctx, actor, meta.baseUrl); // this process's reference payment app (docs/payment-app.md)
  const input = CreateSessionBody.parse({
    url: { return_url: urls.return_url, callback_url: urls.callback_url },
    order: {
      amount: sumMinor(items.map((i) => i.amount)),
      vat_amount: sumMinor(items.map((i) => i.vat_amount)),
      currency: 'NOK',
      merchant_reference: `demo-${Date.now()}`,
      items,
    },
    express: {
      shipping_options: [],
      shipping_address_callback_url: urls.shipping_address_callback_url,
      discount_codes: { callback_url: urls.discount_codes_callback_url, max_count: 2 },
    },
    configuration: {
      sandbox: { creditcard: { enabled: true } },
      ...(withApp ? { [PAYMENT_APP]: { [DEMO_APP_NAME]: { enabled: true } } } : {}),
      discounts: { express_discount_codes: { enabled: true } },
    },
  });
  await validateSessionDraft(ctx, actor, input, meta);
  const id = await inTransaction(ctx.database, async (trx) => {
    const sessionId = await insertSession(ctx, trx, actor, input, meta);
    await recordDemoOrder(trx, accountId, sessionId);
    return sessionId;
  });
  return { id, url: checkoutUrlFor(meta.baseUrl, id) };
};
