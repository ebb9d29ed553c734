import { expect, test, type Page } from '@playwright/test';
import { api, payWithApprovedCard, createExpiredSession, createSession, getToken } from './support/api';
import { payButton, waitForHydration } from './support/checkout-page';
import { E2E_BASE_URL } from './support/constants';

/** Issue 28: how the page looks at 360 px and 1280 px, its result pages, and the small things near Pay. */

const SHOP = 'Kassa Demo Store';
const TERMS = 'https://shop.example/terms';

/** The header's shop name is whole: not cut (its text fits its box) and clear of the language menu beside it. */
const expectShopNameWhole = async (page: Page) => {
  const name = page.getByRole('banner').getByRole('heading', { level: 1, name: SHOP });
  await expect(name).toBeVisible();
  const fits = await name.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight + 1);
  expect(fits).toBe(true);
  const box = (await name.boundingBox())!;
  const menu = (await page.getByRole('combobox', { name: 'Language' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(menu.x);
};

/** The expiry and security code inputs start at the same height (within 1 px), whether or not a label wraps. */
const expectCardRowLevel = async (page: Page) => {
  const expiry = (await page.locator('input[autocomplete="cc-exp"]').boundingBox())!;
  const cvc = (await page.locator('input[autocomplete="cc-csc"]').boundingBox())!;
  expect(Math.abs(expiry.y - cvc.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(expiry.height - cvc.height)).toBeLessThanOrEqual(1);
};

test('at 360 px the shop name is whole and the expiry and security code line up (and at 1280 px); terms link; Swedish says NOK', async ({
  page,
}) => {
  const token = await getToken();
  const session = await createSession(
    token,
    { return_url: `${E2E_BASE_URL}/demo/return`, merchant_terms_url: TERMS },
    // two payment types: the card form sits inside the list of types, narrowest (where the probe saw the label wrap)
    {
      configuration: {
        sandbox: { creditcard: { enabled: true }, invoice: { enabled: true } },
        merchant: { name: SHOP },
      },
    },
  );
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/?sid=${encodeURIComponent(session.id)}`);
  await expect(page.getByRole('banner').getByText('Test', { exact: true })).toBeVisible();
  await expectShopNameWhole(page);
  // the case in question: "Expiry date (MM/YY)" takes two lines beside a one-line "Security code"
  const labelHeight = (name: string) =>
    page.locator('form label', { hasText: name }).evaluate((l) => l.getBoundingClientRect().height);
  expect(await labelHeight('Expiry date (MM/YY)')).toBeGreaterThan((await labelHeight('Security code')) * 1.5);
  await expectCardRowLevel(page);
  for (const label of ['Card number', 'Expiry date (MM/YY)', 'Security code'])
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true');
  const terms = page.getByRole('link', { name: 'Terms of purchase' });
  await expect(terms).toHaveAttribute('href', TERMS);
  await expect(terms).toHaveAttribute('target', '_blank');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectShopNameWhole(page);
  await expectCardRowLevel(page);

  // Swedish showed NOK as "Nkr"
  await page.goto(`/?sid=${encodeURIComponent(session.id)}&language=sv`);
  await expect(page.getByTestId('order-total')).toHaveText(/^527,50\sNOK$/);
  await expect(page.getByRole('link', { name: 'Köpvillkor' })).toHaveAttribute('href', TERMS);
});

test("a paid session's page is a receipt with the shop's name; a cancelled one names the shop; no terms link unless given", async ({
  page,
}) => {
  const token = await getToken();
  const extra = {
    customer: { email: 'kari@example.com' },
    configuration: { sandbox: { creditcard: { enabled: true } }, merchant: { name: SHOP } },
  };
  const session = await createSession(token, { return_url: 'https://shop.example/return' }, extra);
  await page.goto(`/?sid=${encodeURIComponent(session.id)}`);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of purchase' })).toHaveCount(0);

  const transactionId = await payWithApprovedCard(session.id);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: SHOP })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This order is paid' })).toBeVisible();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(/Amount\s*NOK\s527\.50/);
  await expect(receipt).toContainText('Visa ending in 1111');
  await expect(receipt.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(receipt.locator('time')).toHaveText(/\d{4}/);
  await expect(receipt).toContainText(`Order reference${session.merchantReference}`);
  await expect(page.getByTestId('receipt-email')).toHaveText('A receipt is sent to kari@example.com.');
  const back = new URL((await page.getByRole('link', { name: 'Return to the shop' }).getAttribute('href'))!);
  expect(back.origin + back.pathname).toBe('https://shop.example/return');
  expect(back.searchParams.get('transaction_id')).toBe(transactionId);

  const cancelled = await createSession(token, { return_url: 'https://shop.example/return' }, extra);
  expect((await api('POST', `/v1/sessions/${cancelled.id}/cancel`, { token })).status).toBe(200);
  await page.goto(`/?sid=${encodeURIComponent(cancelled.id)}&language=nb`);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: SHOP })).toBeVisible();
  await expect(page.getByTestId('unavailable-reason')).toBeVisible();
  await expect(page.getByTestId('receipt')).toHaveCount(0);
});

test("an expired session's page says the payment expired, in the shop's name, logo and colours, with the way back and no payment form", async ({
  page,
}) => {
  const logo = `${E2E_BASE_URL}/icon.svg`;
  const session = await createExpiredSession(
    await getToken(),
    { return_url: 'https://shop.example/return' },
    {
      configuration: {
        sandbox: { creditcard: { enabled: true }, invoice: { enabled: true } },
        merchant: { name: SHOP, logo_url: logo },
        theme: { primary: '#0f5132', backdrop: '#f4efe6' },
      },
    },
  );
  // the link the merchant sends the shopper to (the API's `url`) leads to the page
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(session.url);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('sid') === session.id);
  await waitForHydration(page);
  await expectShopNameWhole(page);
  await expect(page.getByRole('banner').locator(`img[src="${logo}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'This payment is no longer available' })).toBeVisible();
  await expect(page.getByTestId('unavailable-reason')).toHaveText(
    'This payment has expired. Go back to the shop to start again.',
  );
  await expect(page.getByText(`Order reference ${session.merchantReference}`)).toBeVisible();
  const back = page.getByRole('link', { name: 'Return to the shop' });
  await expect(back).toBeVisible();
  await expect(back).toHaveCSS('background-color', 'rgb(15, 81, 50)');
  await expect(page.locator('.kassa-theme').first()).toHaveCSS('background-color', 'rgb(244, 239, 230)');
  const href = new URL((await back.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://shop.example/return');
  expect(href.searchParams.get('merchant_reference')).toBe(session.merchantReference);
  expect(href.searchParams.get('error')).toBe('cancelled');
  expect(href.searchParams.has('transaction_id')).toBe(false);
  // nothing to pay with: no payment types, card fields, Pay button or order to pay for
  await expect(payButton(page)).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0);
  await expect(page.locator('form')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveCount(0);
  await expect(page.getByTestId('receipt')).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectShopNameWhole(page);
  await expect(back).toBeInViewport();

  // the page's own address (a reload, a bookmark) says the same, in Norwegian too
  await page.goto(`/?sid=${encodeURIComponent(session.id)}&language=nb`);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1, name: SHOP })).toBeVisible();
  await expect(page.getByTestId('unavailable-reason')).toHaveText(
    'Denne betalingen er utløpt. Gå tilbake til butikken for å starte på nytt.',
  );
  await expect(page.getByRole('link', { name: 'Tilbake til butikken' })).toHaveAttribute('href', href.toString());
  await expect(page.locator('form')).toHaveCount(0);
});

test('the gift card number is grouped in fours as it is typed, and its PIN is masked', async ({ page }) => {
  const session = await createSession(
    await getToken(),
    { return_url: `${E2E_BASE_URL}/demo/return` },
    { express: { shipping_options: [] } },
  );
  await page.goto(`/?sid=${encodeURIComponent(session.id)}`);
  await waitForHydration(page);
  const number = page.getByLabel('Gift card number', { exact: true });
  await number.pressSequentially('6000000000000001');
  await expect(number).toHaveValue('6000 0000 0000 0001');
  await number.press('Backspace');
  await expect(number).toHaveValue('6000 0000 0000 000');
  const pin = page.getByLabel('PIN', { exact: true });
  await expect(pin).toHaveAttribute('type', 'password');
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('autocomplete', 'off');
});
