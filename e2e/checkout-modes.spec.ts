import { expect, test } from '@playwright/test';
import { createSession, getToken } from './support/api';
import { fillCard, payButton } from './support/checkout-page';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { startMerchantServer, type MerchantServer } from './support/merchant-server';

let merchant: MerchantServer;
test.beforeAll(async () => {
  merchant = await startMerchantServer();
});
test.afterAll(async () => {
  await merchant.close();
});

type SdkEvent = Record<string, unknown>;
const sdkEvents = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { sdkEvents: SdkEvent[] }).sdkEvents);
const sdkPage = (sid: string, ui: string, extra = '') =>
  `${merchant.origin}/sdk-embed?sid=${encodeURIComponent(sid)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=${ui}${extra}`;

test('fullscreen: the merchant name, logo and brand colour, and the order beside the payment on a wide screen', async ({
  page,
}) => {
  const token = await getToken();
  const logo = `${merchant.origin}/logo.svg`;
  const session = await createSession(
    token,
    { return_url: `${merchant.origin}/return` },
    {
      configuration: {
        sandbox: { creditcard: { enabled: true } },
        merchant: { name: 'Fjord Outfitters', logo_url: logo },
        theme: { primary: '#0f5132' },
      },
    },
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(session.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord Outfitters' })).toBeVisible();
  await expect(page.locator(`img[src="${logo}"]`)).toHaveCount(1);
  await expect(payButton(page)).toHaveCSS('background-color', 'rgb(15, 81, 50)');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const payment = page.getByRole('region', { name: 'Payment' });
  const [s, p] = [await summary.boundingBox(), await payment.boundingBox()];
  expect(s!.x).toBeGreaterThan(p!.x + p!.width - 1); // side by side, the summary on the right
  await expect(payButton(page)).toBeInViewport();
});

test('fullscreen on a phone: the order is folded behind its total, and the pay button is in view with the test notice shown', async ({
  page,
}) => {
  const token = await getToken();
  const session = await createSession(token, { return_url: `${merchant.origin}/return` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(session.url);
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await expect(payButton(page)).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Order items' })).toBeHidden();
  const toggle = page.getByRole('button', { name: /Show order/ });
  await expect(toggle).toContainText('NOK 527.50');
  await toggle.click();
  await expect(page.getByRole('list', { name: 'Order items' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /Hide order/ })).toHaveAttribute('aria-expanded', 'true');
});

test('inline through the real SDK: no page chrome, a transparent page, and the payment reaches the merchant handler', async ({
  page,
}) => {
  const token = await getToken();
  const session = await createSession(token, { return_url: `${merchant.origin}/return` });
  await page.goto(sdkPage(session.id, 'inline'));
  const frame = page.frameLocator('#container iframe');
  await expect(payButton(frame)).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await fillCard(frame, { number: CARDS.approve });
  await payButton(frame).click();
  await expect
    .poll(async () => (await sdkEvents(page)).find((e) => e.type === 'SessionPaymentAuthorized'))
    .toBeTruthy();
  await expect(frame.getByRole('heading', { name: 'Payment approved' })).toBeVisible(); // the SDK's embedResult
});

test('hide_items and hide_test_message: only the total, no lines, no test notice', async ({ page }) => {
  const token = await getToken();
  const session = await createSession(token, { return_url: `${merchant.origin}/return` });
  await page.goto(`${session.url}?hide_items=true&hide_test_message=true`);
  await expect(page.getByTestId('order-total')).toHaveText('NOK 527.50');
  await expect(page.getByRole('list', { name: 'Order items' })).toHaveCount(0);
  await expect(page.getByRole('note', { name: 'Test mode' })).toHaveCount(0);
});
