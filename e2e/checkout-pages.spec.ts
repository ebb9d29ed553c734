import { expect, test } from '@playwright/test';
import { api, payWithApprovedCard, createSession, getToken } from './support/api';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { payButton } from './support/checkout-page';

test('the landing page links to the demo store, whose Checkout button (a POST) opens the hosted checkout for the cart', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Try a demo payment' }).click();
  // GET /demo only shows products and the cart; the button POSTs to /demo/start, which creates the session
  await expect(page).toHaveURL(/\/demo$/);
  await page.getByRole('button', { name: 'Add Canvas tote bag to cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('547.00 NOK');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/\?sid=/);
  await expect(page.getByTestId('order-total')).toHaveText('NOK 547.00');
});

test('a session that was already paid says the order is paid and links back to the shop', async ({ page }) => {
  const token = await getToken();
  const session = await createSession(token, { return_url: 'https://shop.example/return' });
  const transactionId = await payWithApprovedCard(session.id);

  await page.goto(session.url);
  await expect(page.getByRole('heading', { name: 'This order is paid' })).toBeVisible();
  await expect(page.getByTestId('unavailable-reason')).toHaveText(
    'Thank you! Your payment for this order is complete.',
  );
  const link = new URL((await page.getByRole('link', { name: 'Return to the shop' }).getAttribute('href'))!);
  expect(link.origin + link.pathname).toBe('https://shop.example/return');
  expect(link.searchParams.get('transaction_id')).toBe(transactionId);
  expect(link.searchParams.get('merchant_reference')).toBe(session.merchantReference);
});

test('the view options the SDK adds are tolerated, and hide the test message and order lines when asked', async ({
  page,
}) => {
  const token = await getToken();
  const session = await createSession(token, { return_url: 'https://shop.example/return' });
  const extra =
    'sdk=0.8.30&ui=fullscreen&language=en-GB&client_side_validation=true&role=pop_out_launcher&sdk_hostname=shop.example&sdk_not_top_level=true';
  await page.goto(`/?sid=${session.id}&${extra}&hide_test_message=true&hide_items=true`);
  await expect(page.getByTestId('order-total')).toHaveText('NOK 527.50');
  await expect(payButton(page)).toBeVisible();
  await expect(page.getByRole('note', { name: 'Test mode' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Order items' })).toHaveCount(0);

  await page.goto(`/?sid=${session.id}&${extra}`);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order items' }).getByRole('listitem')).toHaveCount(2);
});

test('an unknown session says the payment was not found', async ({ page }) => {
  await page.goto('/?sid=T12345678.unknownsession00000000');
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to the shop' })).toHaveCount(0);
});

test('the embed result page shows the outcome the SDK passes in its query', async ({ page }) => {
  await page.goto(
    '/embedResult/?sid=s1&merchant_reference=order-1&transaction_id=T12345678.abc&language=en&sdk=0.8.30',
  );
  await expect(page.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await expect(page.getByText('order-1')).toBeVisible();
  await page.goto(`${E2E_BASE_URL}/embedResult/?sid=s1&merchant_reference=order-1&error=authorization`);
  await expect(page.getByRole('heading', { name: 'Payment was not completed' })).toBeVisible();
  await expect(page.getByText('The payment was not authorized.')).toBeVisible();
});

test("the demo store's callback endpoint refuses a callback without a valid signature", async () => {
  // starting a checkout gives the account a signing secret when it has none
  const start = await fetch(`${E2E_BASE_URL}/demo/start`, { method: 'POST', redirect: 'manual' });
  expect(start.status).toBe(303);
  for (const method of ['GET', 'POST']) {
    const res = await fetch(`${E2E_BASE_URL}/demo/api/callback?transaction_id=x`, {
      method,
      ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(res.status).toBe(401);
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the order and the form are there (rendered on the server), it says JavaScript is needed, and a sent form never puts the card in a URL', async ({
    page,
  }) => {
    const token = await getToken();
    const session = await createSession(token, { return_url: 'https://shop.example/return' });
    await page.goto(session.url);
    await expect(page.getByTestId('order-total')).toHaveText('NOK 527.50');
    // (Playwright's text search skips <noscript>, which the browser shows with scripting off)
    expect(await page.locator('noscript').first().innerHTML()).toContain('Turn on JavaScript in your browser to pay');
    await page.getByLabel('Card number', { exact: true }).fill(CARDS.approve);
    await page.getByLabel('Card number', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: /Turn on JavaScript/ })).toBeVisible();
    expect(page.url()).toBe(`${E2E_BASE_URL}/checkout/javascript-required`);
    const view = await api<{ id: string }>('GET', `/v1/view/${session.id}/session`);
    expect(view.status).toBe(200); // nothing was paid
  });
});
