import { expect, test, type Page } from '@playwright/test';
import { api, createSession, getToken } from './support/api';
import { fillCard, payButton } from './support/checkout-page';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { startMerchantServer, type MerchantServer } from './support/merchant-server';

/**
 * Leaving and cancelling (ADR 039): "Cancel payment" asks first and only a "Yes" cancels; the modal's
 * close control and Escape outside a field go back to the shop with the session still open; Escape in
 * a field does nothing.
 */
let merchant: MerchantServer;
test.beforeAll(async () => {
  merchant = await startMerchantServer();
});
test.afterAll(async () => {
  await merchant.close();
});

const SHOP = 'Fjord Outfitters';
const shopSession = async (extra: Record<string, unknown> = {}) =>
  createSession(
    await getToken(),
    { return_url: `${merchant.origin}/return` },
    { configuration: { sandbox: { creditcard: { enabled: true } }, merchant: { name: SHOP } }, ...extra },
  );
const viewStatus = async (sid: string) => {
  const view = await api<{ error?: { cause?: string } }>('GET', `/v1/view/${sid}/session`);
  return { status: view.status, cause: view.body.error?.cause };
};

type SdkEvent = Record<string, unknown>;
type SdkWindow = Window & { sdkEvents: SdkEvent[]; checkout: { refreshSession: () => Promise<SdkEvent> } };
const sdkEvents = (page: Page) => page.evaluate(() => (window as unknown as SdkWindow).sdkEvents);
/**
 * Every message the checkout posted before this one has reached the SDK once this resolves (the
 * checkout answers RefreshSession with SessionUpdated, and messages from one frame arrive in order).
 */
const settleSdk = async (page: Page) => {
  await page.waitForFunction(() => Boolean((window as unknown as SdkWindow).checkout));
  await page.evaluate(() => (window as unknown as SdkWindow).checkout.refreshSession());
};
const sdkModal = async (page: Page) => {
  const session = await shopSession();
  await page.goto(
    `${merchant.origin}/sdk-embed?sid=${encodeURIComponent(session.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=modal`,
  );
  const frame = page.frameLocator('#container iframe');
  const dialog = frame.getByRole('dialog', { name: `Pay ${SHOP}` });
  await expect(dialog).toBeVisible();
  return { session, frame, dialog };
};
const confirmOf = (scope: Page | import('@playwright/test').FrameLocator) =>
  scope.getByRole('alertdialog', { name: `Cancel the payment to ${SHOP}?` });

test('full page, at 360 px and 1280 px: "Cancel payment" asks first, naming the shop; "No" and Escape keep the payment, "Yes" cancels it', async ({
  page,
}) => {
  const session = await shopSession();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(session.url);
  const cancel = page.getByRole('button', { name: 'Cancel payment', exact: true });
  const confirm = confirmOf(page);
  await cancel.click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-modal', 'true');
  await expect(confirm).toContainText(`Your order will not be paid, and you go back to ${SHOP}.`);
  const no = confirm.getByRole('button', { name: 'No, keep paying' });
  const yes = confirm.getByRole('button', { name: 'Yes, cancel payment' });
  await expect(no).toBeFocused();
  const phone = (await confirm.boundingBox())!;
  expect(phone.x).toBeGreaterThanOrEqual(0);
  expect(phone.x + phone.width).toBeLessThanOrEqual(360);
  await expect(yes).toBeInViewport();
  // Tab and Shift+Tab stay on the two answers
  await page.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(no).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(yes).toBeFocused();
  await no.click();
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await viewStatus(session.id)).toEqual({ status: 200, cause: undefined });

  await page.setViewportSize({ width: 1280, height: 800 });
  await cancel.click();
  await expect(confirm).toBeVisible();
  const wide = (await confirm.boundingBox())!;
  expect(wide.width).toBeLessThanOrEqual(26 * 16 + 1);
  expect(Math.abs(wide.x + wide.width / 2 - 640)).toBeLessThan(2); // centred
  await page.keyboard.press('Escape'); // "No"
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(payButton(page)).toBeEnabled();
  expect(await viewStatus(session.id)).toEqual({ status: 200, cause: undefined });

  await cancel.click();
  await confirm.getByRole('button', { name: 'Yes, cancel payment' }).click();
  await page.waitForURL((u) => u.pathname === '/return');
  const back = new URL(page.url());
  expect(back.searchParams.get('error')).toBe('cancelled');
  expect(back.searchParams.get('merchant_reference')).toBe(session.merchantReference);
  expect(await viewStatus(session.id)).toEqual({ status: 404, cause: 'CANCELLED' });
});

test('modal through the real SDK: Escape in a field does nothing; Escape elsewhere goes back to the shop, and the session stays open to come back to and pay', async ({
  page,
}) => {
  const { session, frame, dialog } = await sdkModal(page);
  const cancel = dialog.getByRole('button', { name: 'Cancel payment', exact: true });
  // Tab from the last control wraps to the first one inside the dialog
  await cancel.focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Language' })).toBeFocused();
  await page.keyboard.press('Escape'); // in the language list
  await fillCard(frame, { number: CARDS.approve });
  await frame.getByLabel('Security code').press('Escape'); // typing in a field
  await settleSdk(page);
  expect((await sdkEvents(page)).filter((e) => e.type === 'SessionCancel')).toEqual([]);
  await expect(frame.getByLabel('Security code')).toHaveValue('123');

  await cancel.focus();
  await page.keyboard.press('Escape'); // on a button: back to the shop
  await expect
    .poll(async () => (await sdkEvents(page)).find((e) => e.type === 'SessionCancel'))
    .toMatchObject({ error: 'cancelled', merchant_reference: session.merchantReference });
  const left = (await sdkEvents(page)).find((e) => e.type === 'SessionCancel')!;
  expect(String(left.href)).toContain('error=cancelled');
  expect(await viewStatus(session.id)).toEqual({ status: 200, cause: undefined });
  // coming back to the same session, it can still be paid
  await page.goto(session.url);
  await fillCard(page, { number: CARDS.approve });
  await payButton(page).click();
  await page.waitForURL((u) => u.pathname === '/return');
  expect(new URL(page.url()).searchParams.get('transaction_id')).toMatch(/\S/);
});

test('modal through the real SDK: "Cancel payment" asks; Escape and "No" keep the payment, only "Yes" cancels it (SessionCancel, CANCELLED)', async ({
  page,
}) => {
  const { session, frame, dialog } = await sdkModal(page);
  const cancel = dialog.getByRole('button', { name: 'Cancel payment', exact: true });
  const confirm = confirmOf(frame);
  await cancel.click();
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'No, keep paying' })).toBeFocused();
  await page.keyboard.press('Escape'); // the question's Escape is its "No", not the modal's
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await confirm.getByRole('button', { name: 'No, keep paying' }).click();
  await expect(confirm).toBeHidden();
  await settleSdk(page);
  expect((await sdkEvents(page)).filter((e) => e.type === 'SessionCancel')).toEqual([]);
  expect(await viewStatus(session.id)).toEqual({ status: 200, cause: undefined });

  await cancel.click();
  await confirm.getByRole('button', { name: 'Yes, cancel payment' }).click();
  await expect
    .poll(async () => (await sdkEvents(page)).find((e) => e.type === 'SessionCancel'))
    .toMatchObject({ error: 'cancelled', merchant_reference: session.merchantReference });
  expect(await viewStatus(session.id)).toEqual({ status: 404, cause: 'CANCELLED' });
});

test('modal: the close control goes back to the shop too, and the session stays open', async ({ page }) => {
  const { session, dialog } = await sdkModal(page);
  await dialog.getByRole('button', { name: 'Close and return to the shop' }).click();
  await expect.poll(async () => (await sdkEvents(page)).filter((e) => e.type === 'SessionCancel').length).toBe(1);
  expect(await viewStatus(session.id)).toEqual({ status: 200, cause: undefined });
});

test('inline through the real SDK on a phone: the question opens beside the button, in view, though the frame is taller than the screen', async ({
  page,
}) => {
  const session = await shopSession({ express: { shipping_options: [] } }); // the address form makes the frame tall
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(
    `${merchant.origin}/sdk-embed?sid=${encodeURIComponent(session.id)}&endpoint=${encodeURIComponent(E2E_BASE_URL)}&ui=inline`,
  );
  const frame = page.frameLocator('#container iframe');
  const cancel = frame.getByRole('button', { name: 'Cancel payment', exact: true });
  await expect(payButton(frame)).toBeVisible();
  expect((await page.locator('#container iframe').boundingBox())!.height).toBeGreaterThan(2 * 640);
  await cancel.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await cancel.click();
  const confirm = confirmOf(frame);
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'No, keep paying' })).toBeFocused();
  await expect(confirm).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled); // the shop's page did not jump to it
  await confirm.getByRole('button', { name: 'No, keep paying' }).click();
  await expect(confirm).toBeHidden();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('"Cancel payment" is a form POST that cancels at once (there is no question without a script)', async ({
    page,
  }) => {
    const session = await shopSession();
    await page.goto(session.url);
    await page.getByRole('button', { name: 'Cancel payment', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/return');
    expect(new URL(page.url()).searchParams.get('error')).toBe('cancelled');
    expect(await viewStatus(session.id)).toEqual({ status: 404, cause: 'CANCELLED' });
  });
});
