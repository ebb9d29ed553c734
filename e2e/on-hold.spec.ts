import { expect, test, type Page } from '@playwright/test';
import { type Transaction, ORDER_AMOUNT, ORDER_ITEMS, api } from './support/api';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { fillCard, payButton } from './support/checkout-page';
import { embedEvents, embedEventsOfType } from './support/embed-page';
import { useMerchant } from './support/merchant-server';

/** The sandbox test card that is approved but flagged for extra control (ON_HOLD with enable_on_hold). */
const ON_HOLD_CARD = '4000 0000 0000 0259';

const shop = useMerchant();

const { returnUrl, atMerchantReturn } = shop;
const reference = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A card session whose configuration lets the acquirer put a payment on hold. */
const createOnHoldSession = async () => {
  const merchantReference = reference('e2e-hold');
  const res = await api<{ id: string; url: string }>('POST', '/v1/sessions', {
    token: shop.token,
    body: {
      url: { return_url: returnUrl() },
      order: {
        amount: ORDER_AMOUNT,
        currency: 'NOK',
        merchant_reference: merchantReference,
        vat_amount: 10550,
        items: ORDER_ITEMS,
      },
      configuration: { sandbox: { creditcard: { enabled: true } }, enable_on_hold: true },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body, merchantReference };
};

const transaction = async (id: string, query = '') => {
  const res = await api<Transaction & { card?: { payment_token?: string; masked_pan: string } }>(
    'GET',
    `/v1/transactions/${id}${query}`,
    { token: shop.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The merchant completes its extra control: POST /authorization with an empty body authorizes the held payment. */
const authorizeHeld = async (transactionId: string) => {
  const res = await api<Transaction>('POST', `/v1/transactions/${transactionId}/authorization`, { token: shop.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status).toBe('AUTHORIZED');
  const tx = await transaction(transactionId);
  expect(tx.status).toBe('AUTHORIZED');
  expect(tx.amount).toBe(ORDER_AMOUNT);
  return tx;
};

test('a payment put on hold returns the customer to the shop, and the merchant then authorizes it', async ({
  page,
}) => {
  const session = await createOnHoldSession();
  await page.goto(session.url);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/?sid=${session.id}`);
  await fillCard(page, { number: ON_HOLD_CARD });
  await payButton(page).click();

  const transactionId = await shop.returnedTransactionId(page, session.merchantReference);
  await expect(page.getByRole('heading', { name: 'Merchant return page' })).toBeVisible();

  const held = await transaction(transactionId);
  expect(held).toMatchObject({
    id: transactionId,
    session_id: session.id,
    status: 'ON_HOLD',
    amount: ORDER_AMOUNT,
    merchant_reference: session.merchantReference,
  });
  // Nothing can be captured while the payment is held.
  const capture = await api<{ error: { code: string } }>('POST', `/v1/transactions/${transactionId}/capture`, {
    token: shop.token,
    body: { amount: 1000 },
  });
  expect(capture.status).toBe(400);
  expect(capture.body.error.code).toBe('TRANSACTION_NOT_CAPTURABLE');

  await authorizeHeld(transactionId);
  const captured = await api<Transaction>('POST', `/v1/transactions/${transactionId}/capture`, {
    token: shop.token,
    body: { amount: ORDER_AMOUNT },
  });
  expect(captured.status).toBe(200);
  expect(captured.body.status).toBe('CAPTURED');
});

const embed = async (page: Page, sessionId: string) => {
  const src = `${E2E_BASE_URL}/?sid=${sessionId}&ui=inline&sdk=0.8.30&language=en`;
  await page.goto(`${shop.merchant.origin}/embed?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('#checkout');
  await expect(frame.getByLabel('Card number', { exact: true })).toBeVisible();
  return frame;
};

test('embedded, a payment put on hold is reported as SessionPaymentOnHold, not SessionPaymentAuthorized', async ({
  page,
}) => {
  const session = await createOnHoldSession();
  const frame = await embed(page, session.id);
  await fillCard(frame, { number: ON_HOLD_CARD });
  await payButton(frame).click();

  await expect.poll(async () => (await embedEventsOfType(page, 'SessionPaymentOnHold')).length).toBe(1);
  const [onHold] = await embedEventsOfType(page, 'SessionPaymentOnHold');
  const transactionId = String(onHold!.data.transaction_id);
  expect(transactionId).toMatch(/^T\d{8}\./);
  expect(onHold!.data.merchant_reference).toBe(session.merchantReference);
  expect(onHold!.data.sid).toBe(session.id);
  const href = new URL(String(onHold!.data.href));
  expect(atMerchantReturn(href)).toBe(true);
  expect(href.searchParams.get('transaction_id')).toBe(transactionId);
  expect(href.searchParams.get('merchant_reference')).toBe(session.merchantReference);

  // The page stays put (the SDK decides), and it reported neither an authorization nor an error.
  expect(new URL(page.url()).pathname).toBe('/embed');
  expect(await embedEventsOfType(page, 'SessionPaymentAuthorized')).toEqual([]);
  expect(await embedEventsOfType(page, 'SessionPaymentError')).toEqual([]);
  for (const e of await embedEvents(page)) expect(e.origin).toBe(E2E_BASE_URL);

  expect((await transaction(transactionId)).status).toBe('ON_HOLD');
  await authorizeHeld(transactionId);
});

test('a payment-token session saves the card in the browser ("Save card", no charge) and the token is readable', async ({
  page,
}) => {
  const merchantReference = reference('e2e-token');
  const created = await api<{ id: string; url: string }>('POST', '/v1/sessions/payment-token', {
    token: shop.token,
    body: {
      session: {
        url: { return_url: returnUrl() },
        order: { amount: 0, currency: 'NOK', merchant_reference: merchantReference },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);

  await page.goto(created.body.url);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/?sid=${created.body.id}`);
  const save = page.getByRole('button', { name: 'Save card' });
  await expect(save).toBeVisible();
  await expect(payButton(page)).toHaveCount(0);
  await expect(page.getByText('you are not charged now', { exact: false })).toBeVisible();

  await fillCard(page, { number: CARDS.approve });
  await save.click();
  const transactionId = await shop.returnedTransactionId(page, merchantReference);

  const withToken = await transaction(transactionId, '?includes=card.payment_token');
  expect(withToken.session_id).toBe(created.body.id);
  expect(withToken.amount).toBe(0);
  expect(withToken.card?.masked_pan).toBe('************1111');
  expect(withToken.card?.payment_token).toEqual(expect.any(String));
  expect(withToken.card!.payment_token!.length).toBeGreaterThan(8);
  // Without includes the token is never shown.
  expect((await transaction(transactionId)).card?.payment_token).toBeUndefined();
});
