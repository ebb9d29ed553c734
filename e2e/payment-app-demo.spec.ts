import { expect, test } from '@playwright/test';
import { checkoutFromDemoStore, expectOrderShows } from './support/demo-store';
import { chooseShipping, enterAddress } from './support/express-page';

/**
 * The demo store with its reference payment app (`payment_app.demo`, docs/payment-app.md), in the browser:
 * the app's own page, back through Kassa, the signed callback, capture and refund (issue 25).
 */
test("the demo store through its reference payment app: the app's page, back through Kassa, signed callback, capture", async ({
  page,
}) => {
  await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  await chooseShipping(page, /Storo/);
  await page.getByRole('radio', { name: /Demo payment app/ }).check();
  await page.getByRole('button', { name: /Continue to Demo payment app/ }).click();

  // the app's own page (this process, /demo/payment-app/page/<token>): approve, and the app sends the shopper back to Kassa
  await page.waitForURL((u) => u.pathname.startsWith('/demo/payment-app/page/'));
  await expect(page.getByRole('heading', { name: 'Demo payment app' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((u) => u.pathname === '/demo/return');
  await expect(page.getByRole('heading', { name: 'Thank you! Payment authorized.' })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get('merchant_reference')!;

  await expectOrderShows(page, reference, 'payment authorized');
  const order = page.getByRole('listitem', { name: `Order ${reference}` });
  await expect(order).toContainText('signature valid');
  await order.getByRole('button', { name: 'Capture' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('CAPTURED');
  await order.getByRole('button', { name: 'Refund' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('REFUNDED');
});

test('rejected on the app page: back on the checkout with a message, and paying again works', async ({ page }) => {
  await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  await chooseShipping(page, /Storo/);
  await page.getByRole('radio', { name: /Demo payment app/ }).check();
  await page.getByRole('button', { name: /Continue to/ }).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.waitForURL(
    (u) => u.searchParams.has('sid') && u.searchParams.get('payment_error') === 'rejected_by_shopper',
  );
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
});
