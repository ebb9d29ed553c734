import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import { ApiClient, NORWEGIAN_CONTACT } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { money } from '../support/transaction-helpers';
import { otherWallets, uniqueId } from '../support/wallets';

/**
 * Issue 38 item 5: paying in full with gift cards (`kassa.wallets`) settled its capture, refund and void
 * through the sandbox's ledger, on production accounts too: the sandbox's "unavailable" switch refused
 * a real capture, and an amount ending in 02 turned asynchronous. It is Kassa's own wallet ledger now.
 */
// Private addresses allowed: the production account's payment app (never called here) is on 127.0.0.1.
const k = useKassa({ env: { KASSA_ALLOW_PRIVATE_CALLBACKS: 'true' } });
const { srv, db } = k;
const PROD = {
  accountId: 'P30000003',
  accountName: 'A shop in production',
  clientId: 'prod-shop',
  clientSecret: 'prod-shop-secret-0123456789',
} as const;
const WALLETS = otherWallets(PROD.accountId);
const PICK_UP = { id: 'pick-up', line_id: 'ship-pick-up', amount: 0, title: 'Pick up in store', operator: 'Store' };
let api: ApiClient;

beforeAll(async () => {
  await ensureAccountClient(srv.kassa.ctx.database, PROD, srv.kassa.ctx.env.KASSA_CONSOLE_PASSWORD_COST);
  api = await ApiClient.login(srv.baseUrl, PROD.accountId, PROD.clientId, PROD.clientSecret);
  // A production session needs a payment method of a real provider: a payment app, which the gift cards leave unasked.
  expect((await api.post('/v1/admin/signature')).status).toBe(200);
  const app = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url: 'http://127.0.0.1:9/kassa-app', display_name: 'Acme Pay' } },
  });
  expect(app.status, JSON.stringify(app.body)).toBe(204);
  // The sandbox gateway switched off for this account, as a merchant's test setting left behind would be.
  const now = new Date().toISOString();
  await db()
    .insertInto('gateway_settings')
    .values({ account_id: PROD.accountId, gateway: 'sandbox', configuration: '{"unavailable":true}', updated_at: now })
    .execute();
});

/** A session of `amount` paid in full with a gift card of the production account; the transaction id. */
const paidWithGiftCard = async (amount: number) => {
  const customer = new ApiClient(srv.baseUrl);
  const created = await api.post('/v1/sessions', {
    url: { return_url: 'https://merchant.example/return' },
    order: {
      amount,
      currency: 'NOK',
      merchant_reference: uniqueId('order'),
      items: [{ line_id: '1', description: 'Mug', quantity: 1, amount }],
    },
    express: { shipping_options: [PICK_UP] },
    configuration: { payment_app: { acme: { enabled: true } } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as string;
  const put = (path: string, body: unknown) => customer.request('PUT', `/v1/view/${id}/session/order/${path}`, body);
  const card = await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', amount: amount * 2 });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  const token = await api.post(`${WALLETS}/cards/${card.body.card_id}/tokens`, {
    ref_id: uniqueId('t'),
    expires_in: 3600,
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  expect((await put('addresses', { shipping_address: NORWEGIAN_CONTACT })).status).toBe(200);
  expect((await put('shipping_option', PICK_UP)).status).toBe(200);
  const applied = await put('gift_cards', {
    gift_cards: [{ type: 'kassa.wallets.card_token', value: token.body.token.value, pin: token.body.pin.value }],
  });
  expect([applied.status, applied.body.amount_due], JSON.stringify(applied.body)).toEqual([200, 0]);
  const paid = await customer.post(`/v1/sessions/${id}/pay`, { payment: { payment_product_type: 'kassa.wallets' } });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  return { tx: paid.body.transaction_id as string, cardId: card.body.card_id as string };
};
const balance = async (cardId: string) => (await api.get(`${WALLETS}/cards/${cardId}`)).body.amount_balance as number;

describe('gift cards alone on a production account, with the sandbox gateway switched off', () => {
  it('capture, refund and void all succeed, and the cards get their refunded and voided part back', async () => {
    const { tx, cardId } = await paidWithGiftCard(20_000);
    expect(await balance(cardId)).toBe(20_000);
    const captured = await api.post(`/v1/transactions/${tx}/capture`, { amount: 20_000 });
    expect([captured.status, captured.body.status], JSON.stringify(captured.body)).toEqual([200, 'CAPTURED']);
    const refunded = await api.post(`/v1/transactions/${tx}/refund`, { amount: 5_000 });
    expect([refunded.status, refunded.body.status], JSON.stringify(refunded.body)).toEqual([200, 'PARTIALLY_REFUNDED']);
    expect(await balance(cardId)).toBe(25_000);

    const other = await paidWithGiftCard(8_000);
    const voided = await api.post(`/v1/transactions/${other.tx}/void`);
    expect([voided.status, voided.body.status], JSON.stringify(voided.body)).toEqual([200, 'AUTHORIZATION_VOIDED']);
    expect(await balance(other.cardId)).toBe(16_000);
  });

  it('a capture of an amount ending in 02 is done at once (200), not accepted for later', async () => {
    const { tx } = await paidWithGiftCard(10_002);
    const res = await api.post(`/v1/transactions/${tx}/capture`, { amount: 10_002 });
    expect([res.status, res.body.status], JSON.stringify(res.body)).toEqual([200, 'CAPTURED']);
    expect(await money(srv, tx)).toMatchObject({ captured: 10_002, pendingCapture: 0 });
  });
});
