import { expect, test } from '@playwright/test';
import { api, createSession, getToken, ORDER_ITEMS } from './support/api';
import { payButton } from './support/checkout-page';
import { E2E_BASE_URL } from './support/constants';
import { startMerchantServer, type MerchantServer } from './support/merchant-server';

let merchant: MerchantServer;
test.beforeAll(async () => {
  merchant = await startMerchantServer();
});
test.afterAll(async () => {
  await merchant.close();
});

type SdkWindow = Window & {
  checkout: {
    lockSession: () => Promise<Record<string, unknown>>;
    refreshSession: () => Promise<Record<string, unknown>>;
  };
};
const plain = (e: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v !== 'function' && typeof v !== 'object'));

test('lock and release through the real browser SDK on a page of another origin: lockSession disables editing and paying and says why, the merchant updates, refreshSession enables them again', async ({
  page,
}) => {
  const token = await getToken();
  const session = await createSession(
    token,
    { return_url: `${merchant.origin}/return` },
    { express: { shipping_options: [] } },
  );
  await page.goto(
    `${merchant.origin}/sdk-embed?sid=${encodeURIComponent(session.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}`,
  );
  const frame = page.frameLocator('#container iframe');
  await expect(frame.getByTestId('order-total')).toHaveText('NOK 527.50');
  await expect(page.locator('#sdk-total')).toHaveText('52750');
  await page.waitForFunction(() => Boolean((window as unknown as SdkWindow).checkout));

  const locked = await page.evaluate(async () => {
    const e = await (window as unknown as SdkWindow).checkout.lockSession();
    return Object.fromEntries(Object.entries(e).filter(([, v]) => typeof v !== 'function'));
  });
  expect(plain(locked).type).toBe('SessionLocked');
  expect(String(locked.pay_lock_id)).toMatch(/\S/);
  const lockedSession = await api<{ pay_lock?: unknown }>('GET', `/v1/view/${session.id}/session`);
  expect(lockedSession.body.pay_lock).toBeDefined();
  // while locked: nothing can be changed or paid, and the page says why
  const notice = frame.getByTestId('locked-notice');
  await expect(notice).toHaveText('The shop is updating your order. You can pay as soon as it is done.');
  await expect(payButton(frame)).toBeDisabled();
  await expect(frame.getByLabel('Card number', { exact: true })).toBeDisabled();
  await expect(frame.getByLabel('Postal code', { exact: true })).toBeDisabled();
  await expect(frame.getByRole('button', { name: 'Cancel payment', exact: true })).toBeEnabled();

  // the merchant changes the order (the update releases the lock), then the SDK refreshes the page
  const items = [
    ...ORDER_ITEMS,
    { id: 'cap', line_id: '3', description: 'Wool cap', quantity: 1, amount: 7250, vat_amount: 1450, vat: 25 },
  ];
  const updated = await api('PUT', `/v1/sessions/${session.id}`, {
    token,
    body: {
      order: {
        amount: 60000,
        currency: 'NOK',
        merchant_reference: session.merchantReference,
        vat_amount: 12000,
        items,
      },
    },
  });
  expect(updated.status).toBe(200);
  const refreshed = await page.evaluate(async () => {
    const e = await (window as unknown as SdkWindow).checkout.refreshSession();
    return { type: e.type };
  });
  expect(refreshed.type).toBe('SessionUpdated');
  await expect(page.locator('#sdk-total')).toHaveText('60000');
  await expect(frame.getByTestId('order-total')).toHaveText('NOK 600.00');
  await expect(notice).toBeHidden();
  await expect(payButton(frame)).toBeEnabled();
  await expect(frame.getByLabel('Card number', { exact: true })).toBeEnabled();
  await expect(frame.getByLabel('Postal code', { exact: true })).toBeEnabled();
  const released = await api<{ pay_lock?: unknown }>('GET', `/v1/view/${session.id}/session`);
  expect(released.body.pay_lock).toBeUndefined();
});
