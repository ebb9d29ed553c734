import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, payWithApprovedCard, createSession, getToken } from './support/api';
import { fillCard } from './support/checkout-page';
import { signInToConsole } from './support/console';
import { CARDS, E2E_BASE_URL, E2E_CONSOLE_ADMIN, E2E_CREDENTIALS, E2E_DEMO_MERCHANT } from './support/constants';
import { checkoutFromDemoStore, openDemoOrders } from './support/demo-store';
import { chooseShipping, enterAddress, payFor } from './support/express-page';

/**
 * Issue 26, the console's Callbacks, Developers and Sandbox: the demo merchant's callback fails, the console shows
 * the failed delivery and replays it; a read-only client's token cannot capture; an API key is rotated; the sandbox
 * gateway is switched unavailable and back; axe finds nothing on these pages at 375 and 1280 px.
 *
 * The demo store sells on its own account (T00000001, ADR 029) and the e2e console admin belongs to the startup
 * merchant (KASSA_BOOTSTRAP_ACCOUNT): the callbacks part signs in as an admin the demo merchant's client makes.
 */
test.describe.configure({ mode: 'serial' });

const DEMO_ACCOUNT = 'T00000001';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const unique = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A client-credentials token of `account`, or the refusal's status. */
const tokenFor = async (account: string, clientId: string, secret: string) => {
  const res = await fetch(`${E2E_BASE_URL}/v1/accounts/${account}/auth/token`, {
    method: 'POST',
    headers: { authorization: basic(clientId, secret), 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', audience: `${E2E_BASE_URL}/v1/accounts/${account}` }),
  });
  return { status: res.status, token: ((await res.json()) as { access_token?: string }).access_token };
};

/** A console admin of the demo account, made by the demo merchant's backend (POST /v1/accounts/{aid}/auth/users). */
const demoAdmin = async () => {
  const { token } = await tokenFor(DEMO_ACCOUNT, E2E_DEMO_MERCHANT.clientId, E2E_DEMO_MERCHANT.clientSecret);
  const user = { email: `${unique('callbacks-admin')}@demo.kassa.test`, password: 'callbacks-password-0123' };
  const made = await api('POST', `/v1/accounts/${DEMO_ACCOUNT}/auth/users`, {
    token,
    body: { ...user, role: 'admin' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { ...user, account: DEMO_ACCOUNT };
};

/** An authorized payment of the startup merchant (bootstrap client), for capture attempts. */
const authorizedPayment = async () => {
  const token = await getToken();
  const session = await createSession(token, { return_url: 'https://shop.example/return' });
  const transactionId = await payWithApprovedCard(session.id);
  return { token, transactionId };
};

const noViolations = async (page: Page, where: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const described = violations.map(
    (v) => `${where}: ${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(described, described.join('\n')).toEqual([]);
};

/** The demo back office's "Answer callbacks with 500" switch, set to `on`. */
const setStoreFailing = async (page: Page, on: boolean) => {
  await openDemoOrders(page);
  const toggle = page.getByRole('button', { name: 'Answer callbacks with 500' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
  await expect(page.getByRole('button', { name: 'Answer callbacks with 500' })).toHaveAttribute(
    'aria-pressed',
    String(on),
  );
};

test("the demo merchant's callback fails, the console shows the failed delivery, and replays it once the store answers again", async ({
  page,
}) => {
  const admin = await demoAdmin();
  await setStoreFailing(page, true);
  let sid: string;
  try {
    sid = await checkoutFromDemoStore(page);
    await enterAddress(page, { postalCode: '0150', country: 'NO' });
    await chooseShipping(page, /Storo/);
    await fillCard(page, { number: CARDS.approve });
    await payFor(page, 'NOK 427.00').click();
    await page.waitForURL((u) => u.pathname === '/demo/return');

    await signInToConsole(page, admin, '/console/callbacks');
    const filter = page.getByRole('form', { name: 'Filter callbacks' });
    await filter.getByLabel('Session id').fill(sid);
    await filter.getByRole('button', { name: 'Filter' }).click();
    const failing = page.getByRole('listitem', { name: /^Callback AUTHORIZE of / });
    await expect(failing).toHaveCount(1);
    // the list refreshes itself while the callback is pending
    await expect(failing.getByTestId('callback-status')).toHaveText('Retrying');
    await expect(failing.getByTestId('callback-last-answer')).toHaveText('HTTP 500');
    expect(Number(await failing.getByTestId('callback-attempts').textContent())).toBeGreaterThanOrEqual(1);
    await failing.getByText('The signed request (last attempt)').click();
    await expect(
      failing.getByRole('definition').filter({ hasText: /^t=\d+,v0-hmac-sha256=[0-9a-f]{64}$/ }),
    ).toHaveCount(1);
    await expect(failing).toContainText(`POST ${E2E_BASE_URL}/demo/api/callback?`);
    await noViolations(page, 'callbacks, a failing delivery');
  } finally {
    await setStoreFailing(page, false);
  }
  // the store's own log: it answered 500
  await expect(page.getByRole('listitem', { name: /^Order / }).first()).toContainText('· 500 ·');

  await page.goto(`/console/callbacks?session_id=${encodeURIComponent(sid)}`); // a filtered view is a link
  const delivery = page.getByRole('listitem', { name: /^Callback AUTHORIZE of / });
  await expect(delivery.getByTestId('callback-attempts')).not.toHaveText('0');
  const before = Number(await delivery.getByTestId('callback-attempts').textContent());
  const retried = page.waitForResponse((r) => r.url().endsWith('/retry') && r.request().method() === 'POST');
  await delivery.getByRole('button', { name: /^Replay/ }).click();
  expect((await retried).status()).toBe(200);
  await expect(delivery.getByRole('status')).toHaveText('Replay asked for: Kassa sends it again now.');
  await expect(delivery.getByTestId('callback-status')).toHaveText('Delivered');
  await expect(delivery.getByTestId('callback-last-answer')).toHaveText('HTTP 200');
  expect(Number(await delivery.getByTestId('callback-attempts').textContent())).toBeGreaterThan(before);
  await noViolations(page, 'callbacks, delivered');
});

test('a read-only client made in the console gets a token, and that token cannot capture', async ({ page }) => {
  await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/developers');
  const clientId = unique('e2e-reader');
  const form = page.getByRole('region', { name: 'Create a client' });
  await form.getByLabel('Name', { exact: true }).fill('Reporting (read-only)');
  await form.getByLabel('Client id (optional)').fill(clientId);
  await form.getByRole('checkbox', { name: 'read:checkout', exact: true }).check();
  await form.getByRole('button', { name: 'Create client' }).click();
  const dialog = page.getByRole('dialog', { name: "The new client's secret" });
  await expect(dialog).toContainText('Shown only now.');
  await expect(dialog.getByRole('button', { name: /^Copy/ })).toBeFocused();
  const secret = (await dialog.getByTestId('secret-value').textContent())!;
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await noViolations(page, 'developers, the secret dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('secret-value')).toHaveCount(0); // gone: shown once
  const item = page.getByRole('listitem', { name: `Client ${clientId}` });
  await expect(item.getByRole('list', { name: 'Scopes' })).toHaveText('read:checkout');
  await expect(item).toContainText(`by ${E2E_CONSOLE_ADMIN.email}`);

  const { accountId } = E2E_CREDENTIALS;
  const reader = await tokenFor(accountId, clientId, secret);
  expect(reader.status).toBe(200);
  const { token, transactionId } = await authorizedPayment();
  expect((await api('GET', `/v1/transactions/${transactionId}`, { token: reader.token })).status).toBe(200);
  const capture = await api<{ error: { code: string } }>('POST', `/v1/transactions/${transactionId}/capture`, {
    token: reader.token,
    body: { amount: 1000 },
  });
  expect(capture.status).toBe(403);
  expect(capture.body.error.code).toBe('INSUFFICIENT_SCOPE');
  expect((await api<{ status: string }>('GET', `/v1/transactions/${transactionId}`, { token })).body.status).toBe(
    'AUTHORIZED',
  );
});

test('an API key is rotated: the old value is refused, the new one works', async ({ page }) => {
  await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/developers/api-keys');
  const name = unique('e2e-ci');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('dialog', { name: 'The new API key' });
  const first = (await created.getByTestId('secret-value').textContent())!;
  await created.getByRole('button', { name: 'Done' }).click();
  const keyWorks = async (key: string) =>
    (await fetch(`${E2E_BASE_URL}/v1/admin/api-keys`, { headers: { 'x-api-key': key } })).status;
  expect(await keyWorks(first)).toBe(200);

  const rotate = page.getByRole('button', { name: `Rotate API key ${name}` });
  await rotate.click();
  const confirm = page.getByRole('dialog', { name: `Rotate API key ${name}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape'); // nothing happens, and the focus is back on the button
  await expect(confirm).toBeHidden();
  await expect(rotate).toBeFocused();
  expect(await keyWorks(first)).toBe(200);

  await rotate.click();
  await confirm.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = page.getByRole('dialog', { name: `Rotate API key ${name}?: done` });
  await expect(rotated).toContainText('Shown only now.');
  const second = (await rotated.getByTestId('secret-value').textContent())!;
  expect(second).not.toBe(first);
  await rotated.getByRole('button', { name: 'Done' }).click();
  expect(await keyWorks(first)).toBe(401);
  expect(await keyWorks(second)).toBe(200);
});

test('the sandbox gateway is switched unavailable (capture is 503) and back', async ({ page }) => {
  await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/sandbox');
  await expect(page.getByRole('table', { name: 'Test cards' })).toContainText('4111 1111 1111 1111');
  const switches = page.getByRole('form', { name: 'Sandbox gateway switches' });
  const save = async (unavailable: boolean) => {
    await switches.getByLabel('Gateway unavailable').setChecked(unavailable);
    await switches.getByRole('button', { name: 'Save switches' }).click();
    await expect(switches.getByRole('status')).toHaveText('Saved: the sandbox follows these switches now.');
  };
  const { token, transactionId } = await authorizedPayment();
  await save(true);
  const refused = await api<{ error: { code: string } }>('POST', `/v1/transactions/${transactionId}/capture`, {
    token,
    body: { amount: 1000 },
  });
  expect(refused.status).toBe(503);
  await page.reload();
  await expect(switches.getByLabel('Gateway unavailable')).toBeChecked();
  await save(false);
  const captured = await api('POST', `/v1/transactions/${transactionId}/capture`, { token, body: { amount: 1000 } });
  expect(captured.status).toBe(200);
});

test('a session profile is created and edited, and the signing secret rotated, each recorded with the user', async ({
  page,
}) => {
  await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/developers/profiles');
  const id = unique('e2e-profile');
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Profile id (optional)').fill(id);
  await form.getByLabel('Description').fill('Cards only');
  await form.getByLabel('Configuration (JSON)').fill('{not json');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(form.getByLabel('Configuration (JSON)')).toHaveAccessibleDescription(/^Write a JSON object/);
  await form.getByLabel('Configuration (JSON)').fill('{"sandbox": {"creditcard": {"enabled": true}}}');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Profile ${id} was created.` })).toBeVisible();
  const item = page.getByRole('listitem', { name: `Profile ${id}` });
  await expect(item).toContainText(`made by ${E2E_CONSOLE_ADMIN.email}`);
  await item.getByRole('button', { name: `Edit ${id}` }).click();
  await item.getByLabel('Description').fill('Cards and invoice');
  await item.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Profile ${id} was saved.` })).toBeVisible();
  const token = await getToken();
  const stored = await api('GET', `/v1/admin/session/profiles/${id}`, { token });
  expect(stored.body).toMatchObject({
    description: 'Cards and invoice',
    configuration: { sandbox: { creditcard: { enabled: true } } },
    created_by: E2E_CONSOLE_ADMIN.email,
  });

  await page.goto('/console/developers/signature');
  await page.getByRole('button', { name: /^(Rotate secret|Create a secret)/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Rotate secret|Create secret)$/ })
    .click();
  await expect(page.getByText(`by ${E2E_CONSOLE_ADMIN.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Show secret' }).click();
  const signature = await api<{ signature: { secret: string }; created_by: string }>('GET', '/v1/admin/signature', {
    token,
  });
  expect(signature.body.created_by).toBe(E2E_CONSOLE_ADMIN.email);
  await expect(page.getByTestId('signing-secret')).toHaveText(signature.body.signature.secret);
});

for (const width of [375, 1280])
  test(`axe: no violations on the Callbacks, Developers and Sandbox pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    await signInToConsole(page, E2E_CONSOLE_ADMIN, '/console/callbacks');
    for (const path of [
      '/console/callbacks',
      '/console/developers',
      '/console/developers/api-keys',
      '/console/developers/signature',
      '/console/developers/profiles',
      '/console/developers/sms',
      '/console/sandbox',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await noViolations(page, `${path} at ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
