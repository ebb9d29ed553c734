import { expect, test } from '@playwright/test';
import { api, payWithApprovedCard, createSession } from './support/api';
import { CARDS, E2E_BASE_URL } from './support/constants';
import { fillCard, isPayRequest, payButton } from './support/checkout-page';
import { embedEventsOfType, postToCheckout } from './support/embed-page';
import { useMerchant } from './support/merchant-server';

const shop = useMerchant();

const embed = async (page: import('@playwright/test').Page, extraQuery = '', extra: Record<string, unknown> = {}) => {
  const session = await createSession(shop.token, { return_url: shop.returnUrl() }, extra);
  const src = `${E2E_BASE_URL}/?sid=${session.id}&ui=inline&sdk=0.8.30&language=en${extraQuery}`;
  await page.goto(`${shop.merchant.origin}/embed?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('#checkout');
  await expect(frame.getByLabel('Card number', { exact: true })).toBeVisible();
  return { session, frame };
};

test('with client-side validation the merchant can stop a payment before it is made', async ({ page }) => {
  const { session, frame } = await embed(page, '&client_side_validation=true');
  const payRequests: string[] = [];
  page.on('request', (r) => {
    if (isPayRequest(session.id)(r.url())) payRequests.push(r.url());
  });

  await fillCard(frame, { number: CARDS.approve });
  await payButton(frame).click();
  await expect.poll(async () => (await embedEventsOfType(page, 'ValidateSession')).length).toBe(1);
  const [validate] = await embedEventsOfType(page, 'ValidateSession');
  expect((validate!.data.session as { id: string }).id).toBe(session.id);
  await postToCheckout(page, {
    type: 'ValidationResult',
    sid: session.id,
    success: false,
    clientValidationError: 'Sorry, the socks are sold out.',
  });
  await expect(frame.getByRole('alert').filter({ hasText: 'sold out' })).toHaveText('Sorry, the socks are sold out.');
  expect(payRequests).toEqual([]);

  await payButton(frame).click();
  await expect.poll(async () => (await embedEventsOfType(page, 'ValidateSession')).length).toBe(2);
  await postToCheckout(page, { type: 'ValidationResult', sid: session.id, success: true });
  await expect.poll(async () => (await embedEventsOfType(page, 'SessionPaymentAuthorized')).length).toBe(1);
  expect(payRequests).toHaveLength(1);
});

test('an embedded checkout refuses a session lock it cannot honour, and ignores messages for other sessions', async ({
  page,
}) => {
  const { session } = await embed(page);
  await postToCheckout(page, { type: 'LockSession', sid: 'T12345678.someothersession0000000' });
  await postToCheckout(page, { type: 'LockSession', sid: session.id });
  await expect.poll(async () => (await embedEventsOfType(page, 'SessionLockFailed')).length).toBe(1);
  await page.waitForTimeout(200);
  expect(await embedEventsOfType(page, 'SessionLockFailed')).toHaveLength(1);
});

test("an express session is locked on the SDK's LockSession, and then cannot be paid until the merchant updates it", async ({
  page,
}) => {
  const { session, frame } = await embed(page, '', { express: { shipping_options: [] } });
  await fillCard(frame, { number: CARDS.approve });
  await frame.getByLabel('Card number', { exact: true }).focus();
  await postToCheckout(page, { type: 'LockSession', sid: session.id });
  await expect.poll(async () => (await embedEventsOfType(page, 'SessionLocked')).length).toBe(1);
  const [locked] = await embedEventsOfType(page, 'SessionLocked');
  expect(String(locked!.data.pay_lock_id)).toMatch(/^[0-9a-f-]{36}$/);
  expect(await embedEventsOfType(page, 'SessionLockFailed')).toHaveLength(0);
  await expect(payButton(frame)).toBeDisabled();
  await expect(frame.getByLabel('Card number', { exact: true })).toBeDisabled();
  await expect(frame.getByLabel('Card number', { exact: true })).toHaveValue(/4111/); // what was typed stays
  // the keyboard user whose field was disabled is taken to the reason
  await expect(frame.getByTestId('locked-notice')).toBeFocused();
  await expect(frame.getByRole('status').filter({ hasText: 'The shop is updating your order.' })).toBeVisible();
});

test('a declined card inside the frame shows the alert and sends the parent no final event', async ({ page }) => {
  const { frame } = await embed(page);
  await fillCard(frame, { number: CARDS.decline });
  await payButton(frame).click();
  await expect(frame.getByRole('alert').filter({ hasText: 'declined' })).toHaveText(
    'Your bank declined the payment. Use another card or contact your bank.',
  );
  for (const type of ['SessionPaymentError', 'SessionPaymentAuthorized', 'SessionCancel'])
    expect(await embedEventsOfType(page, type)).toEqual([]);
});

test('an embedded session that cannot be paid (paid, cancelled, unknown) posts its height, so the iframe shows why', async ({
  page,
}) => {
  const paid = await createSession(shop.token, { return_url: shop.returnUrl() });
  await payWithApprovedCard(paid.id);
  const cancelled = await createSession(shop.token, { return_url: shop.returnUrl() });
  expect((await api('POST', `/v1/sessions/${cancelled.id}/cancel`, { token: shop.token })).status).toBe(200);
  const cases = [
    { sid: paid.id, heading: 'This order is paid' },
    { sid: cancelled.id, heading: 'This payment is no longer available' },
    { sid: 'T12345678.unknownsession00000000', heading: 'Payment not found' },
  ];
  for (const { sid, heading } of cases) {
    const src = `${E2E_BASE_URL}/?sid=${sid}&ui=inline&sdk=0.8.30&language=en`;
    await page.goto(`${shop.merchant.origin}/embed?src=${encodeURIComponent(src)}`);
    await expect(page.frameLocator('#checkout').getByRole('heading', { name: heading })).toBeAttached();
    await expect.poll(async () => (await embedEventsOfType(page, 'SessionNotFound')).length, heading).toBe(1);
    await expect
      .poll(
        async () =>
          (await embedEventsOfType(page, 'HeightChanged')).some((e) => e.data.sid === sid && Number(e.data.height) > 0),
        heading,
      )
      .toBe(true);
    // the embedding page sizes the iframe from HeightChanged, as the SDK does: the message is visible
    await expect
      .poll(() => page.locator('#checkout').evaluate((el) => el.getBoundingClientRect().height), heading)
      .toBeGreaterThan(0);
  }
});
