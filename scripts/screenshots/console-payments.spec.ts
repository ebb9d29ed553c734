import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, createSession, getToken } from '../../e2e/support/api';
import { fillCard, payButton } from '../../e2e/support/checkout-page';
import { signInToConsole } from '../../e2e/support/console';
import { CARDS, E2E_BASE_URL } from '../../e2e/support/constants';

/**
 * The console's Payments list and a transaction's page (and its capture dialog) at 375 and 1280 px into
 * docs/screenshots/ (`npm run screenshots`, after `npm run build`). The startup merchant's console admin sees
 * the startup merchant's payments: two paid here through the hosted page (one captured in part), one left open.
 */
const DIR = path.resolve(__dirname, '../../docs/screenshots');

const paidSession = async (page: Page) => {
  const s = await createSession(await getToken(), { return_url: `${E2E_BASE_URL}/demo/return` });
  await page.goto(`/?sid=${encodeURIComponent(s.id)}`);
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  await page.waitForURL((u) => u.pathname === '/demo/return');
  const tx = new URL(page.url()).searchParams.get('transaction_id')!;
  expect(tx).toBeTruthy();
  return tx;
};

let transactionId: string | undefined;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await createSession(await getToken(), { return_url: `${E2E_BASE_URL}/demo/return` }); // left open
  await paidSession(page);
  transactionId = await paidSession(page);
  const captured = await api('POST', `/v1/transactions/${transactionId}/capture`, {
    token: await getToken(),
    body: { amount: 20000, items: [{ line_id: '1', amount: 20000, quantity: 1 }] },
  });
  expect(captured.status).toBe(200);
  await page.close();
});

for (const width of [375, 1280]) {
  test(`console payments at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
    const shot = (name: string) =>
      page.screenshot({
        path: path.join(DIR, `console-${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    await signInToConsole(page, undefined, '/console/payments');
    await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first()).toBeVisible();
    await shot('payments');
    await page.goto('/console/payments?list=sessions');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first()).toBeVisible();
    await shot('payments-sessions');
    await page.goto(`/console/payments/transactions/${encodeURIComponent(transactionId!)}`);
    await expect(page.getByRole('list', { name: 'Events' })).toContainText('Captured');
    await shot('transaction');
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Capture payment' })).toBeVisible();
    await shot('transaction-capture');
  });
}
