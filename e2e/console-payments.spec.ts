import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, createSession, payWithApprovedCard } from './support/api';
import { fillCard } from './support/checkout-page';
import { signInToConsole } from './support/console';
import { CARDS, E2E_BASE_URL, E2E_DEMO_MERCHANT } from './support/constants';
import { checkoutFromDemoStore, openDemoOrders } from './support/demo-store';
import { chooseShipping, enterAddress, payFor, shippingGroup } from './support/express-page';
import { PROBE_MS, WAIT_MS } from '../test/support/wait';

/**
 * Issue 26, the console's Payments: an order bought in the demo store is found by its reference, captured in
 * part by keyboard alone (the store's back office sees the callback), refunded; a refusal reads in words; a
 * read-only user sees no write buttons and its own POST is 403; axe finds nothing at 375 and 1280 px.
 *
 * The demo store sells on its own account (T00000001, ADR 029) while the e2e console admin belongs to the
 * startup merchant (KASSA_BOOTSTRAP_ACCOUNT), so the demo merchant's API client makes this spec's console users.
 */
test.describe.configure({ mode: 'serial' });

const DEMO_ACCOUNT = 'T00000001';
const USERS = `/v1/accounts/${DEMO_ACCOUNT}/auth/users`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const unique = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.kassa.test`;

let demoToken: string | undefined;
const tokenOfDemoMerchant = async (): Promise<string> => {
  if (demoToken) return demoToken;
  const { clientId, clientSecret } = E2E_DEMO_MERCHANT;
  const res = await fetch(`${E2E_BASE_URL}/v1/accounts/${DEMO_ACCOUNT}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${E2E_BASE_URL}/v1/accounts/${DEMO_ACCOUNT}` }),
  });
  const body = (await res.json()) as { access_token?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  demoToken = body.access_token!;
  return demoToken;
};

const makeUser = async (role: 'admin' | 'read-only') => {
  const user = { email: unique(`payments-${role}`), password: `${role}-password-0123` };
  const made = await api('POST', USERS, { token: await tokenOfDemoMerchant(), body: { ...user, role } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { ...user, account: DEMO_ACCOUNT };
};

const noViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(described, described.join('\n')).toEqual([]);
};

/** axe finds nothing, and nothing makes the page scroll sideways. */
const accessibleAndFits = async (page: Page) => {
  await noViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
};

const amount = (page: Page, label: string): Locator => page.getByTestId(`amount-${label}`);
const expectAmounts = async (page: Page, want: Record<string, string>) => {
  for (const [label, text] of Object.entries(want)) await expect(amount(page, label)).toHaveText(text);
};

/** The store's back office, reloaded until its order's callbacks list one for `event`. */
const expectCallback = async (page: Page, reference: string, event: string) => {
  await expect(async () => {
    await openDemoOrders(page);
    const order = page.getByRole('listitem', { name: `Order ${reference}` });
    await expect(order.getByRole('list', { name: 'Callbacks received' })).toContainText(event, { timeout: PROBE_MS });
  }).toPass({ timeout: WAIT_MS });
};

/** Tab (only) until `target` has focus. */
const tabTo = async (page: Page, target: Locator) => {
  for (let i = 0; i < 60 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
};

let order: { reference: string; transactionUrl: string } | undefined;

test('an admin finds the demo order by reference, captures part of it by keyboard, the store gets the callback, then refunds', async ({
  page,
}) => {
  await checkoutFromDemoStore(page);
  await enterAddress(page, { postalCode: '0150', country: 'NO' });
  await expect(shippingGroup(page).getByRole('radio')).toHaveCount(4);
  await chooseShipping(page, /Storo/);
  await fillCard(page, { number: CARDS.approve });
  await payFor(page, 'NOK 427.00').click();
  await page.waitForURL((u) => u.pathname === '/demo/return');
  const reference = new URL(page.url()).searchParams.get('merchant_reference')!;
  expect(reference).toBeTruthy();

  await signInToConsole(page, await makeUser('admin'), '/console/payments');
  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Search').fill(reference);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/console/payments?${new URLSearchParams({ search: reference })}`);
  await page.goto(page.url()); // the filtered view is a link
  const found = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  // every other filter, under the API's own parameter names (an unknown one would be a 400)
  const filters = page.getByRole('search', { name: 'Filter transactions' });
  await filters.getByText('More filters').click();
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('Created from').fill(today);
  await filters.getByLabel('Created to').fill(today);
  await filters.getByLabel('Status').selectOption('AUTHORIZED');
  await filters.getByLabel('Currency').fill('NOK');
  await filters.getByLabel('Amount from').fill('427');
  await filters.getByLabel('Amount to').fill('427.00');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(
    `${E2E_BASE_URL}/console/payments?${new URLSearchParams({ search: reference, status: 'AUTHORIZED', currency: 'NOK', 'created_at.gte': today, 'created_at.lte': today, 'amount.gte': '42700', 'amount.lte': '42700' })}`,
  );
  await expect(found).toHaveCount(1);
  await filters.getByLabel('Amount from').fill('427.01');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  // the sessions list finds the order's session by part of its reference, and links to its transaction
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(
    `${E2E_BASE_URL}/console/payments?${new URLSearchParams({ list: 'sessions', search: reference, 'created_at.gte': today, 'created_at.lte': today })}`,
  );
  const session = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(session).toHaveCount(1);
  await expect(session).toContainText('Paid');
  await page.getByRole('search', { name: 'Filter sessions' }).getByLabel('Search').fill(reference.slice(0, -3));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(session.getByRole('link', { name: reference })).toBeVisible();
  await session.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible();
  order = { reference, transactionUrl: page.url() };
  await expectAmounts(page, { Authorized: 'NOK 427.00', Captured: 'NOK 0.00', 'Left to capture': 'NOK 427.00' });
  await expect(page.getByRole('list', { name: 'Events' })).toContainText('Authorized');

  // capture NOK 120.00 with the keyboard alone
  const capture = page.getByRole('button', { name: 'Capture', exact: true });
  await tabTo(page, capture);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Capture payment' });
  await expect(dialog.getByLabel('Amount (NOK)')).toBeFocused();
  await expect(dialog.getByLabel('Amount (NOK)')).toHaveValue('427.00');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('120.00');
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Capture NOK 120.00 of NOK 427.00?');
  await expect(dialog.getByRole('button', { name: 'Yes, capture NOK 120.00' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Captured NOK' })).toHaveText('Captured NOK 120.00.');
  await expectAmounts(page, {
    Captured: 'NOK 120.00',
    'Left to capture': 'NOK 307.00',
    'Left to refund': 'NOK 120.00',
  });
  await expect(capture).toBeFocused();
  await expect(page.getByTestId('transaction-status').first()).toHaveText('Partially captured');

  await expectCallback(page, reference, 'CAPTURE');

  // refund NOK 50.00; Escape first closes the dialog and gives the focus back
  await page.goto(order.transactionUrl);
  const refund = page.getByRole('button', { name: 'Refund', exact: true });
  await refund.click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refundDialog.getByLabel('Amount (NOK)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(refundDialog).toBeHidden();
  await expect(refund).toBeFocused();
  await refund.click();
  await refundDialog.getByLabel('Amount (NOK)').fill('50');
  await refundDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(refundDialog).toContainText('Refund NOK 50.00 of NOK 120.00?');
  await refundDialog.getByRole('button', { name: 'Yes, refund NOK 50.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refunded' })).toHaveText('Refunded NOK 50.00.');
  await expectAmounts(page, { Captured: 'NOK 120.00', Refunded: 'NOK 50.00', 'Left to refund': 'NOK 70.00' });
  await expect(page.getByRole('list', { name: 'Events' })).toContainText(/by payments-admin-/);
  await expectCallback(page, reference, 'REFUND');
});

test("a refusal reads in words: the API's error is shown and the page shows what changed", async ({ page }) => {
  test.skip(!order, 'needs the order of the test before');
  await signInToConsole(page, await makeUser('admin'), '/console/payments');
  await page.goto(order!.transactionUrl);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByLabel('Amount (NOK)')).toHaveValue('70.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // meanwhile the merchant's backend refunds NOK 10.00 of it
  const id = decodeURIComponent(order!.transactionUrl.split('/').pop()!);
  const other = await api('POST', `/v1/transactions/${id}/refund`, {
    token: await tokenOfDemoMerchant(),
    body: { amount: 1000 },
  });
  expect(other.status).toBe(200);
  await dialog.getByRole('button', { name: 'Yes, refund NOK 70.00' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The amount is more than is left to refund.');
  await expect(dialog.getByRole('alert')).toContainText('AMOUNT_EXCEEDS_CAPTURED');
  await expectAmounts(page, { Refunded: 'NOK 60.00', 'Left to refund': 'NOK 60.00' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a read-only user sees the payment but no Capture, Refund or Void; its own POST is 403', async ({ page }) => {
  test.skip(!order, 'needs the order of the test before');
  await signInToConsole(page, await makeUser('read-only'), '/console/payments');
  await page.goto(order!.transactionUrl);
  await expect(page.getByRole('heading', { level: 1, name: order!.reference })).toBeVisible();
  await expectAmounts(page, { Captured: 'NOK 120.00', Refunded: 'NOK 60.00' });
  await expect(page.getByRole('button', { name: /^(Capture|Refund|Void)$/ })).toHaveCount(0);

  // the CSRF token the page holds, as its own Sign out sends it (held back, so the session stays)
  let csrf: string | undefined;
  await page.route('**/console/api/logout', async (route) => {
    csrf = route.request().headers()['x-kassa-csrf'];
    await route.abort();
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => csrf).toBeTruthy();
  const id = decodeURIComponent(order!.transactionUrl.split('/').pop()!);
  const answer = await page.evaluate(
    async ({ id, csrf }) => {
      const res = await fetch(`/v1/transactions/${encodeURIComponent(id)}/capture`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-kassa-csrf': csrf, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ amount: 100 }),
      });
      return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
    },
    { id, csrf: csrf! },
  );
  expect(answer.status).toBe(403);
  expect(answer.body.error?.code).toBe('INSUFFICIENT_SCOPE');
  await page.unroute('**/console/api/logout');
  await page.goto(order!.transactionUrl);
  await expectAmounts(page, { Captured: 'NOK 120.00' }); // nothing moved
});

for (const width of [375, 1280])
  test(`no accessibility violations on the payments list, the transaction page and its dialog at ${width} px`, async ({
    page,
  }) => {
    test.skip(!order, 'needs the order of the test before');
    await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
    await signInToConsole(page, await makeUser('admin'), '/console/payments');
    await expect(page.getByRole('list', { name: 'Transactions' })).toBeVisible();
    await accessibleAndFits(page);
    await page.goto('/console/payments?list=sessions');
    await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
    await accessibleAndFits(page);
    await page.goto(order!.transactionUrl);
    await expect(page.getByRole('heading', { level: 1, name: order!.reference })).toBeVisible();
    await accessibleAndFits(page);
    await page.getByRole('button', { name: 'Capture', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Capture payment' })).toBeVisible();
    await accessibleAndFits(page);
  });

test('a capture whose answer is lost on the way is retried with the same Idempotency-Key: captured once (issue 38)', async ({
  page,
}) => {
  const token = await tokenOfDemoMerchant();
  const session = await createSession(token, { return_url: 'https://shop.example/return' });
  const id = await payWithApprovedCard(session.id);
  await signInToConsole(page, await makeUser('admin'), `/console/payments/transactions/${encodeURIComponent(id)}`);
  await expectAmounts(page, { Authorized: 'NOK 527.50', Captured: 'NOK 0.00' });

  // The first capture reaches the server and is done there; its answer never reaches the browser.
  const keys: string[] = [];
  let lost = 0;
  await page.route(`**/v1/transactions/${encodeURIComponent(id)}/capture`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost++ > 0) return route.continue();
    await route.fetch(); // the server captures
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture payment' });
  await dialog.getByLabel('Amount (NOK)').fill('200.00');
  await dialog.getByLabel('Amount (NOK)').press('Enter');
  const yes = dialog.getByRole('button', { name: 'Yes, capture NOK 200.00' });
  await yes.click();
  await expect(dialog.getByRole('alert')).toBeVisible(); // the operator sees it did not answer, and tries again
  await yes.click();
  await expect(dialog).toBeHidden();
  await expectAmounts(page, { Captured: 'NOK 200.00', 'Left to capture': 'NOK 327.50' });

  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const tx = await api<{ events: { event: string; amount?: number }[]; captured_amount?: number }>(
    'GET',
    `/v1/transactions/${encodeURIComponent(id)}`,
    { token },
  );
  expect(tx.body.events.filter((e) => e.event === 'CAPTURE').map((e) => e.amount)).toEqual([20000]);
});
