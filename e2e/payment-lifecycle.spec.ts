import { expect, test } from '@playwright/test';
import { type Transaction, api, createSession, createSigningSecret } from './support/api';
import { CARDS, E2E_BASE_URL, E2E_CREDENTIALS } from './support/constants';
import { fillCard, isPayRequest, payButton } from './support/checkout-page';
import { embedEvents, embedEventsOfType, postToCheckout } from './support/embed-page';
import { useMerchant } from './support/merchant-server';
import { expectedSignature, signatureMatches } from './support/signature';

const shop = useMerchant();

const { returnUrl, atMerchantReturn } = shop;

test('the signature check used by these tests agrees with the published test vector', () => {
  expect(expectedSignature('123', 1582236537, 'P00000000', 'GET', 'https://example.com/callback?B=123&A=992')).toBe(
    '6bed2ab1b919d460ef7465a20dc6c97260dca73fab6647106ca525f0908df64a',
  );
});

test('a customer pays on the hosted page, the merchant gets a signed callback, then captures and refunds', async ({
  page,
}) => {
  const secret = await createSigningSecret(shop.token);
  const session = await createSession(shop.token, {
    return_url: returnUrl(),
    callback_url: `${shop.merchant.origin}/callback?shop=e2e`,
  });

  await page.goto(session.url);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/?sid=${session.id}`);
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();

  const transactionId = await shop.returnedTransactionId(page, session.merchantReference);
  await expect(page.getByRole('heading', { name: 'Merchant return page' })).toBeVisible();

  const callback = await shop.merchant.waitForCallback(
    (c) => new URL(c.url).searchParams.get('transaction_id') === transactionId,
  );
  const query = new URL(callback.url).searchParams;
  expect(query.get('session_id')).toBe(session.id);
  expect(query.get('merchant_reference')).toBe(session.merchantReference);
  expect(Number.isNaN(Date.parse(query.get('time') ?? ''))).toBe(false);
  expect(query.get('shop')).toBe('e2e');
  expect(callback.headers['event-delivery']).toBeTruthy();
  const header = String(callback.headers['kassa-signature'] ?? '');
  expect(header).toMatch(/^t=\d+,v0-hmac-sha256=[0-9a-f]{64}$/);
  expect(signatureMatches(header, secret, E2E_CREDENTIALS.accountId, callback.method, callback.url)).toBe(true);
  expect(
    signatureMatches(
      header,
      secret,
      E2E_CREDENTIALS.accountId,
      callback.method,
      callback.url.replace('shop=e2e', 'shop=evil'),
    ),
  ).toBe(false);

  const capture = await api<Transaction>('POST', `/v1/transactions/${transactionId}/capture`, {
    token: shop.token,
    body: { amount: 20000 },
  });
  expect(capture.status).toBe(200);
  expect(capture.body.status).toBe('PARTIALLY_CAPTURED');

  const refund = await api<Transaction>('POST', `/v1/transactions/${transactionId}/refund`, {
    token: shop.token,
    body: { amount: 5000 },
  });
  expect(refund.status).toBe(200);
  expect(refund.body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');

  const overRefund = await api<{ error: { code: string } }>('POST', `/v1/transactions/${transactionId}/refund`, {
    token: shop.token,
    body: { amount: 15001 },
  });
  expect(overRefund.status).toBe(400);
  expect(overRefund.body.error.code).toBe('AMOUNT_EXCEEDS_CAPTURED');

  const { status, body: tx } = await api<Transaction>('GET', `/v1/transactions/${transactionId}`, {
    token: shop.token,
  });
  expect(status).toBe(200);
  expect(tx).toMatchObject({
    id: transactionId,
    session_id: session.id,
    status: 'PARTIALLY_CAPTURED_REFUNDED',
    amount: 52750,
    currency: 'NOK',
    merchant_reference: session.merchantReference,
  });
  const succeeded = tx.events.filter((e) => e.success).map((e) => [e.event, e.amount]);
  expect(succeeded).toEqual(
    expect.arrayContaining([
      ['AUTHORIZE', 52750],
      ['CAPTURE', 20000],
      ['REFUND', 5000],
    ]),
  );
  expect(tx.events.filter((e) => e.event === 'REFUND' && e.success)).toHaveLength(1);
});

test('a declined card shows an alert, is recorded as declined, and another card then pays', async ({ page }) => {
  const session = await createSession(shop.token, { return_url: returnUrl() });
  await page.goto(session.url);

  await fillCard(page, { number: CARDS.decline });
  const [declinedResponse] = await Promise.all([
    page.waitForResponse((r) => isPayRequest(session.id)(r.url())),
    payButton(page).click(),
  ]);
  const declined = (await declinedResponse.json()) as { success: boolean; transaction_id: string };
  expect(declined.success).toBe(false);
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toHaveText(
    'Your bank declined the payment. Use another card or contact your bank.',
  );
  expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);

  const { body: tx } = await api<Transaction>('GET', `/v1/transactions/${declined.transaction_id}`, {
    token: shop.token,
  });
  expect(tx.status).toBe('DECLINED');
  const authorize = tx.events.find((e) => e.event === 'AUTHORIZE');
  expect(authorize?.success).toBe(false);
  expect(authorize?.error?.code).toBeTruthy();

  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  await page.waitForURL(atMerchantReturn);
  const paidWith = new URL(page.url()).searchParams.get('transaction_id');
  expect(paidWith).toBeTruthy();
  expect(paidWith).not.toBe(declined.transaction_id);
  const { body: paid } = await api<Transaction>('GET', `/v1/transactions/${paidWith}`, { token: shop.token });
  expect(paid.status).toBe('AUTHORIZED');
});

test('the checkout shows the order and catches a bad card number before calling the API', async ({ page }) => {
  const session = await createSession(shop.token, { return_url: returnUrl() });
  const payRequests: string[] = [];
  page.on('request', (r) => {
    if (isPayRequest(session.id)(r.url())) payRequests.push(r.url());
  });
  await page.goto(session.url);

  await expect(page.getByRole('heading', { name: `Merchant ${E2E_CREDENTIALS.accountId}` })).toBeVisible();
  const items = page.getByRole('list', { name: 'Order items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Organic cotton T-shirt');
  await expect(items.nth(0)).toContainText('Quantity 2');
  await expect(items.nth(0)).toContainText('NOK 398.00');
  await expect(items.nth(1)).toContainText('Wool socks');
  await expect(items.nth(1)).toContainText('NOK 129.50');
  await expect(page.getByTestId('order-total')).toHaveText('NOK 527.50');
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(payButton(page)).toHaveAccessibleName('Pay NOK 527.50');

  await fillCard(page, { number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' });
  await payButton(page).click();
  // The error summary takes the focus and links each error to its field; each field says its own.
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'This card number is not valid. Check it and try again.',
    'This card has expired.',
    'The security code is 3 digits.',
  ]);
  const number = page.getByLabel('Card number', { exact: true });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/This card number is not valid\. Check it and try again\./);
  await expect(page.getByLabel('Expiry date')).toHaveAccessibleDescription(/This card has expired\./);
  await expect(page.getByLabel('Security code')).toHaveAccessibleDescription(/The security code is 3 digits\./);
  await summary.getByRole('link', { name: 'This card number is not valid. Check it and try again.' }).click();
  await expect(number).toBeFocused();
  expect(payRequests).toEqual([]);

  // Fixing a field clears its message (in the field and the summary) as the customer types.
  await number.fill(CARDS.approve);
  await expect(page.getByText('This card number is not valid. Check it and try again.')).toHaveCount(0);
  expect(payRequests).toEqual([]);
});

test('an embedded checkout talks to its parent page and reports the payment without leaving it', async ({ page }) => {
  const session = await createSession(shop.token, { return_url: returnUrl() });
  const src = `${E2E_BASE_URL}/?sid=${session.id}&ui=inline&sdk=0.8.30&language=en`;
  await page.goto(`${shop.merchant.origin}/embed?src=${encodeURIComponent(src)}`);
  const events = () => embedEvents(page);
  const ofType = (type: string) => embedEventsOfType(page, type);

  await expect.poll(async () => (await ofType('HeightChanged')).some((e) => Number(e.data.height) > 0)).toBe(true);
  await expect.poll(async () => (await ofType('SessionLoaded')).length).toBe(1);
  const [loaded] = await ofType('SessionLoaded');
  expect((loaded!.data.session as { id: string }).id).toBe(session.id);
  await expect
    .poll(async () => (await ofType('ActivePaymentProductType'))[0]?.data.payment_product_type)
    .toBe('sandbox.creditcard');

  const post = (msg: Record<string, unknown>) => postToCheckout(page, msg);
  await post({ type: 'RefreshSession', sid: session.id, mid: 'refresh-1' });
  await expect.poll(async () => (await ofType('SessionUpdated')).length).toBe(1);
  await expect.poll(async () => (await ofType('Ack')).map((e) => e.data.ack)).toContain('refresh-1');
  await post({ type: 'SetLanguage', sid: session.id, language: 'nb' });
  await expect.poll(async () => (await ofType('LanguageChanged'))[0]?.data.language).toBe('nb');
  const frameHtml = page.frameLocator('#checkout').locator('html');
  await expect(frameHtml).toHaveAttribute('lang', 'nb'); // the page switched, as the SDK asked
  await post({ type: 'SetLanguage', sid: session.id, language: 'en' });
  await expect(frameHtml).toHaveAttribute('lang', 'en');

  const frame = page.frameLocator('#checkout');
  await fillCard(frame, { number: CARDS.approve });
  await payButton(frame).click();
  await expect.poll(async () => (await ofType('SessionPaymentAuthorized')).length).toBe(1);
  const [authorized] = await ofType('SessionPaymentAuthorized');
  const transactionId = String(authorized!.data.transaction_id);
  expect(transactionId).toBeTruthy();
  expect(authorized!.data.merchant_reference).toBe(session.merchantReference);
  const href = new URL(String(authorized!.data.href));
  expect(atMerchantReturn(href)).toBe(true);
  expect(href.searchParams.get('transaction_id')).toBe(transactionId);
  await expect(frame.getByText('Payment approved')).toBeVisible();

  // The page itself stays put (the SDK decides where to go), and every message is from the checkout, for this session.
  expect(new URL(page.url()).pathname).toBe('/embed');
  for (const e of await events()) {
    expect(e.origin).toBe(E2E_BASE_URL);
    expect(e.data.sid).toBe(session.id);
  }
  expect(await ofType('SessionPaymentError')).toEqual([]);
  const { body: tx } = await api<Transaction>('GET', `/v1/transactions/${transactionId}`, { token: shop.token });
  expect(tx.status).toBe('AUTHORIZED');
});
