import { expect, test, type Page } from '@playwright/test';
import { api, createSession, type Transaction } from './support/api';
import { fillCard, payButton, waitForHydration } from './support/checkout-page';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { futureExpiry } from './support/dates';
import { useMerchant } from './support/merchant-server';

const shop = useMerchant();

const ALL_TYPES = {
  sandbox: {
    creditcard: { enabled: true },
    invoice: { enabled: true },
    installment: { enabled: true },
    wallet: { enabled: true },
  },
};
const session = (configuration: Record<string, unknown> = ALL_TYPES, extra: Record<string, unknown> = {}) =>
  createSession(shop.token, { return_url: shop.returnUrl() }, { configuration, ...extra });

/** Back at the merchant's return URL: the transaction it names, as the merchant reads it. */
const returnedTransaction = async (page: Page) => {
  await page.waitForURL((u) => u.toString().startsWith(shop.returnUrl()));
  const id = new URL(page.url()).searchParams.get('transaction_id');
  expect(id).toBeTruthy();
  const res = await api<Transaction & { payment_product_type: string }>('GET', `/v1/transactions/${id}`, {
    token: shop.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};

const fillContact = async (page: Page, phone = '+4741234567') => {
  await page.getByLabel('Email', { exact: true }).fill('kari@example.com');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Country').selectOption('NO');
};

test('the page lists the enabled types in the merchant order and keeps the choice across a reload', async ({
  page,
}) => {
  const s = await session({
    sandbox: { wallet: { enabled: true }, creditcard: { enabled: true }, invoice: { enabled: true } },
  });
  await page.goto(s.url);
  const radios = page.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(radios).toHaveCount(3);
  expect(await radios.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
    'sandbox.wallet',
    'sandbox.creditcard',
    'sandbox.invoice',
  ]);
  await waitForHydration(page);
  const saved = page.waitForResponse((r) => r.url().endsWith('/checkout/payment-type') && r.status() === 204);
  await page.getByRole('radio', { name: 'Invoice' }).check();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await saved;
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Invoice' })).toBeChecked();
});

test('show_payment_type limits the types shown', async ({ page }) => {
  const s = await session();
  await page.goto(`${s.url}?show_payment_type=sandbox.invoice`);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Card number', { exact: true })).toHaveCount(0);
});

test('card with 3-D Secure: the challenge page, Complete, and back to the shop authorized', async ({ page }) => {
  const s = await session({ sandbox: { creditcard: { enabled: true } } });
  await page.goto(s.url);
  await fillCard(page, { number: '4000 0000 0000 3220' });
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: /3-D Secure/ })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
  expect(tx.merchant_reference).toBe(s.merchantReference);
});

test('card with 3-D Secure: Fail returns to the checkout with a clear message, and another card then pays', async ({
  page,
}) => {
  const s = await session({ sandbox: { creditcard: { enabled: true } } });
  await page.goto(s.url);
  await fillCard(page, { number: '4000 0000 0000 3220' });
  await payButton(page).click();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/\?sid=.*payment_error=authentication_failed/);
  await expect(page.getByRole('alert').filter({ hasText: '3-D Secure' })).toContainText('could not be verified');
  await expect(page.locator(':focus')).toContainText('could not be verified'); // the focus is on the error, not the body
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  expect((await returnedTransaction(page)).status).toBe('AUTHORIZED');
});

test('invoice: the details the lender needs, then authorized; a refused credit check says so', async ({ page }) => {
  const s = await session({ sandbox: { invoice: { enabled: true } } });
  await page.goto(s.url);
  await fillContact(page, '+4741230000');
  await page.getByRole('button', { name: /Pay NOK 527\.50 by invoice/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: /declined/ })).toBeVisible();
  await page.getByLabel('Mobile number').fill('+4741234567');
  await page.getByRole('button', { name: /by invoice/ }).click();
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
  expect(tx.payment_product_type).toBe('sandbox.invoice');
});

test('invoice for a business asks for the organization number and checks it', async ({ page }) => {
  const s = await session({ sandbox: { invoice: { enabled: true } } });
  await page.goto(s.url);
  await fillContact(page);
  // a click before the page runs is held and replayed once it runs (ADR 018), so the box is checked then, not at once
  const business = page.getByLabel('I am buying for a business');
  await business.click();
  await expect(business).toBeChecked();
  await page.getByLabel('Organization number').fill('12');
  await page.getByRole('button', { name: /by invoice/ }).click();
  await expect(page.getByLabel('Organization number')).toHaveAccessibleDescription(
    'Enter an organization number of 9 digits for Norway.',
  );
  await page.getByLabel('Organization number').fill('923609016');
  await page.getByRole('button', { name: /by invoice/ }).click();
  expect((await returnedTransaction(page)).status).toBe('AUTHORIZED');
});

test('part payment: plans with term, monthly amount, rates, fees and total; the chosen plan pays', async ({ page }) => {
  const s = await session({ sandbox: { installment: { enabled: true } } });
  await page.goto(s.url);
  await fillContact(page);
  await page.getByRole('button', { name: 'Show part payment plans' }).click();
  const plans = page.getByRole('group', { name: 'Choose a plan' }).getByRole('radio');
  await expect(plans).toHaveCount(3);
  // issue 28 item 8: NOK 527.50 — pay in 3 free; 12 months at 14.9 % with fees that fit the amount, APR and total
  const plan = (months: number) =>
    page.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`for ${months} months`) }) });
  for (const line of [
    'NOK 175.83 a month for 3 months',
    'Interest free · APR 0.00 %',
    'No fees',
    'First payment NOK 175.84',
  ])
    await expect(plan(3)).toContainText(line);
  await expect(plan(3)).toContainText('Total to pay NOK 527.50');
  for (const line of [
    'NOK 48.90 a month for 12 months',
    'Interest 14.90 % · APR 24.46 %',
    'Fees NOK 21.12: NOK 5.28 to set up, NOK 1.32 a month',
    'First payment NOK 54.26',
    'Total to pay NOK 592.16',
  ])
    await expect(plan(12)).toContainText(line);
  await expect(plan(24)).toContainText('Interest 14.90 % · APR 23.30 %');
  await expect(plan(24)).toContainText('Total to pay NOK 650.20');
  await page.getByRole('radio', { name: /for 12 months/ }).check();
  await page.getByRole('button', { name: /^Pay .* a month for 12 months/ }).click();
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
  expect(tx.payment_product_type).toBe('sandbox.installment');
});

test('wallet: approve on the wallet page and back to the shop; a rejection returns with a message', async ({
  page,
}) => {
  const s = await session({ sandbox: { wallet: { enabled: true } } });
  await page.goto(s.url);
  await page.getByRole('button', { name: /Continue to Sandbox Wallet/ }).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'rejected in the wallet' })).toBeVisible();
  await page.getByRole('button', { name: /Continue to Sandbox Wallet/ }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  const tx = await returnedTransaction(page);
  expect(tx.status).toBe('AUTHORIZED');
  expect(tx.payment_product_type).toBe('sandbox.wallet');
});

test('a card the merchant stored for the customer pays in one click ("Pay with saved card •••• 1111")', async ({
  page,
}) => {
  const tokenSession = await api<{ id: string }>('POST', '/v1/sessions/payment-token', {
    token: shop.token,
    body: {
      session: {
        url: { return_url: shop.returnUrl() },
        order: { amount: 0, currency: 'NOK', merchant_reference: `e2e-tok-${Date.now()}` },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    },
  });
  const saved = await api<{ transaction_id: string }>('POST', `/v1/sessions/${tokenSession.body.id}/pay`, {
    body: {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: CARDS.approve, expiry: futureExpiry(), cvc: '123' },
      },
    },
  });
  const stored = await api<{ card: { payment_token: string } }>(
    'GET',
    `/v1/transactions/${saved.body.transaction_id}?includes=card.payment_token`,
    { token: shop.token },
  );
  const s = await session(
    { sandbox: { creditcard: { enabled: true } } },
    { customer: { tokens: { 'sandbox.creditcard': { payment_token: stored.body.card.payment_token } } } },
  );
  await page.goto(s.url);
  expect(await page.content()).not.toContain(stored.body.card.payment_token);
  await page.getByRole('button', { name: /with saved card •••• 1111/ }).click();
  expect((await returnedTransaction(page)).status).toBe('AUTHORIZED');
});

test('3-D Secure inside the SDK iframe: the challenge opens in the frame and the SDK gets SessionPaymentAuthorized', async ({
  page,
}) => {
  const s = await session({ sandbox: { creditcard: { enabled: true } } });
  await page.goto(
    `${shop.merchant.origin}/sdk-embed?sid=${encodeURIComponent(s.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=inline`,
  );
  const frame = page.frameLocator('#container iframe');
  await fillCard(frame, { number: '4000 0000 0000 3220' });
  await payButton(frame).click();
  await frame.getByRole('button', { name: 'Complete' }).click();
  await expect
    .poll(async () =>
      (await page.evaluate(() => (window as unknown as { sdkEvents: Record<string, unknown>[] }).sdkEvents)).find(
        (e) => e.type === 'SessionPaymentAuthorized',
      ),
    )
    .toMatchObject({ merchant_reference: s.merchantReference });
});

test("wallet through the real SDK's pop-out: the SDK's button opens the checkout in a window, the wallet approves, the SDK closes it and reports the payment", async ({
  page,
}) => {
  const s = await session({ sandbox: { wallet: { enabled: true } } });
  await page.goto(
    `${shop.merchant.origin}/sdk-embed?sid=${encodeURIComponent(s.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=inline&popOut=true`,
  );
  const frame = page.frameLocator('#container iframe');
  await expect(frame.getByText('You confirm the payment in the wallet')).toBeVisible();
  const launch = page.locator('#dintero-checkout-sdk-launch-pop-out'); // drawn by the SDK over the page's placeholder
  await expect(launch).toHaveText(/Continue to Sandbox Wallet/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), launch.click()]);
  await expect(popup).toHaveURL(/role=pop_out_payment/);
  await expect(frame.getByText('Complete the payment in the Sandbox Wallet window.')).toBeVisible();
  await popup.getByRole('button', { name: /Continue to Sandbox Wallet/ }).click();
  await popup.getByRole('button', { name: 'Approve' }).click();
  // the SDK may close the window before a 'close' listener registered after the click would hear it: ask its state
  await expect.poll(() => popup.isClosed()).toBe(true);
  const events = () => page.evaluate(() => (window as unknown as { sdkEvents: Record<string, unknown>[] }).sdkEvents);
  await expect
    .poll(async () => (await events()).find((e) => e.type === 'SessionPaymentAuthorized'))
    .toMatchObject({ merchant_reference: s.merchantReference });
});
