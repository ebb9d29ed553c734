import { expect, type Page } from '@playwright/test';
import { E2E_DEMO_MERCHANT } from './constants';
import { PROBE_MS, WAIT_MS } from '../../test/support/wait';

/** The demo store's default cart (2 mugs, 1 bag of beans: 398.00 NOK) into the hosted checkout; returns the session id. */
export const checkoutFromDemoStore = async (
  page: Page,
  button: 'Checkout' | 'Checkout on this page' = 'Checkout',
): Promise<string> => {
  await page.goto('/demo');
  await expect(page.getByTestId('cart-total')).toHaveText('398.00 NOK');
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((u) => u.searchParams.has('sid'));
  return new URL(page.url()).searchParams.get('sid')!;
};

/** The orders page, logged in as the demo merchant (the back office's login form, ADR 029). */
export const openDemoOrders = async (page: Page) => {
  await page.goto('/demo/orders');
  const login = page.getByRole('form', { name: 'Merchant login' });
  const orders = page.getByRole('button', { name: 'Log out' });
  await expect(login.or(orders)).toBeVisible();
  if (await login.isVisible()) {
    await login.getByLabel('Client id').fill(E2E_DEMO_MERCHANT.clientId);
    await login.getByLabel('Client secret').fill(E2E_DEMO_MERCHANT.clientSecret);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(orders).toBeVisible();
  }
};

/** The store's orders page entry for a session's order, reloading until `text` shows in it. */
export const expectOrderShows = async (page: Page, merchantReference: string, text: string | RegExp) => {
  await expect(async () => {
    await openDemoOrders(page);
    await expect(page.getByRole('listitem', { name: `Order ${merchantReference}` })).toContainText(text, {
      timeout: PROBE_MS,
    });
  }).toPass({ timeout: WAIT_MS });
};
