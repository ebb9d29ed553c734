import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createSession, getToken } from '../../e2e/support/api';
import { fillCard, payButton, waitForHydration } from '../../e2e/support/checkout-page';
import { E2E_BASE_URL } from '../../e2e/support/constants';

/**
 * Screenshots of each payment type and each mode at 375 and 1280 px into docs/screenshots/
 * (`npm run screenshots`, after `npm run build`; not part of `npm test`).
 */
const DIR = path.resolve(__dirname, '../../docs/screenshots');
const ALL = {
  sandbox: {
    creditcard: { enabled: true },
    invoice: { enabled: true },
    installment: { enabled: true },
    wallet: { enabled: true },
  },
};
const BRANDED = { ...ALL, merchant: { name: 'Fjord Outfitters' }, theme: { primary: '#0f5132' } };

const session = async (configuration: Record<string, unknown> = BRANDED) =>
  createSession(await getToken(), { return_url: `${E2E_BASE_URL}/demo/return` }, { configuration });

/** A page of another origin would embed with the SDK; here the checkout's own URL with the SDK's parameters shows the same page. */
const open = (page: Page, id: string, query = '') => page.goto(`/?sid=${encodeURIComponent(id)}${query}`);

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 860 } });
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: path.join(DIR, `checkout-${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });

    test('modes', async ({ page }) => {
      const s = await session();
      await open(page, s.id);
      await expect(payButton(page)).toBeVisible();
      await shot(page, 'fullscreen');
      await open(page, s.id, '&ui=inline');
      await shot(page, 'inline');
      await open(page, s.id, '&ui=modal');
      await shot(page, 'modal');
      await open(page, s.id, '&language=nb');
      await shot(page, 'fullscreen-nb');
    });

    test('payment types', async ({ page }) => {
      const s = await session();
      await open(page, s.id);
      await fillCard(page, { number: '4000 0000 0000 3220' });
      await shot(page, 'card');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
      await shot(page, '3ds-challenge');
      await page.getByRole('button', { name: 'Fail' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '3-D Secure' })).toBeVisible();
      await shot(page, '3ds-failed');
      await waitForHydration(page);
      await page.getByRole('radio', { name: 'Invoice' }).check();
      await shot(page, 'invoice');
      await page.getByRole('radio', { name: 'Part payment' }).check();
      await page.getByLabel('Email', { exact: true }).fill('kari@example.com');
      await page.getByLabel('Mobile number').fill('+4741234567');
      await page.getByRole('button', { name: 'Show part payment plans' }).click();
      await expect(page.getByRole('group', { name: 'Choose a plan' })).toBeVisible();
      await shot(page, 'installment-plans');
      await page.getByRole('radio', { name: 'Sandbox Wallet' }).check();
      await shot(page, 'wallet');
      await page.getByRole('button', { name: /Continue to Sandbox Wallet/ }).click();
      await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
      await shot(page, 'wallet-page');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(/\/demo\/return/);
    });

    test('cancel asks, a decline says why, the paid page is a receipt', async ({ page }) => {
      const s = await session();
      await open(page, s.id);
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await shot(page, 'cancel-question');
      await page.getByRole('button', { name: 'No, keep paying' }).click();
      await fillCard(page, { number: '4000 0000 0000 9995' });
      await payButton(page).click();
      await expect(page.getByRole('alert').filter({ hasText: /funds/ })).toBeVisible();
      await shot(page, 'declined-insufficient-funds');
      await fillCard(page, { number: '4111 1111 1111 1111' });
      await payButton(page).click();
      await page.waitForURL(/\/demo\/return/);
      await open(page, s.id);
      await expect(page.getByTestId('receipt')).toBeVisible();
      await shot(page, 'receipt');
    });
  });
}
