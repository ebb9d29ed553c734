import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, createSession, createSigningSecret, getToken } from '../../e2e/support/api';
import { signInToConsole } from '../../e2e/support/console';
import { CARDS, E2E_BASE_URL, E2E_CREDENTIALS } from '../../e2e/support/constants';
import { futureExpiry } from '../../e2e/support/dates';

/**
 * The console's Callbacks, Developers (clients, API keys, profiles) and Sandbox pages at 375 and 1280 px into
 * docs/screenshots/ (`npm run screenshots`, after `npm run build`). The startup merchant's backend makes what they
 * show: callbacks that are delivered, refused (401) and retried (nothing listens), a read-only client, a key, a profile.
 */
const DIR = path.resolve(__dirname, '../../docs/screenshots');
const ACCOUNT = `/v1/accounts/${E2E_CREDENTIALS.accountId}`;

const paidWithCallback = async (token: string, callbackUrl: string) => {
  const s = await createSession(token, { return_url: `${E2E_BASE_URL}/demo/return`, callback_url: callbackUrl });
  const paid = await api('POST', `/v1/sessions/${s.id}/pay`, {
    body: {
      payment: {
        payment_product_type: 'sandbox.creditcard',
        card: { number: CARDS.approve, expiry: futureExpiry(), cvc: '123' },
      },
    },
  });
  expect(paid.status).toBe(200);
};

test.beforeAll(async () => {
  const token = await getToken();
  await createSigningSecret(token);
  await paidWithCallback(token, 'http://127.0.0.1:9/nobody-listens');
  await paidWithCallback(token, `${E2E_BASE_URL}/demo/api/callback?method=POST`); // another account's store: 401
  await paidWithCallback(token, `${E2E_BASE_URL}/healthz?shop=fjord`);
  const client = await api<{ id: string }>('POST', `${ACCOUNT}/auth/clients`, {
    token,
    body: { name: 'Reporting', client_id: `reporting-${Date.now()}`, description: 'Nightly sales report (read-only)' },
  });
  expect(client.status).toBe(200);
  const grant = await api('POST', `${ACCOUNT}/auth/client-grants`, {
    token,
    body: {
      client_id: client.body.id,
      audience: `${E2E_BASE_URL}${ACCOUNT}`,
      scope: ['read:checkout'],
      type: 'client_credentials',
    },
  });
  expect(grant.status).toBe(200);
  expect((await api('POST', '/v1/admin/api-keys', { token, body: { name: 'CI deploys' } })).status).toBe(200);
  const profile = await api('POST', '/v1/admin/session/profiles', {
    token,
    body: {
      profile_id: `web-shop-${Date.now()}`,
      description: 'The web shop: cards and invoice, captured at once',
      configuration: { auto_capture: true, sandbox: { creditcard: { enabled: true }, invoice: { enabled: true } } },
    },
  });
  expect(profile.status).toBe(200);
});

for (const width of [375, 1280]) {
  test(`console callbacks, developers and sandbox at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 860 });
    const shot = (name: string) =>
      page.screenshot({
        path: path.join(DIR, `console-${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    const loaded = (p: Page) => expect(p.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await signInToConsole(page, undefined, '/console/callbacks');
    const list = page.getByRole('list', { name: 'Callbacks' });
    await expect(list.getByTestId('callback-status').first()).toHaveText('Delivered');
    for (const status of ['Failed', 'Retrying']) await expect(list).toContainText(status);
    await list.getByRole('listitem').first().getByText('The signed request (last attempt)').click();
    await shot('callbacks');
    await page.goto('/console/developers');
    await loaded(page);
    await expect(page.getByRole('list', { name: 'Scopes' }).first()).toBeVisible();
    await shot('developers-clients');
    await page.goto('/console/developers/api-keys');
    await loaded(page);
    await page.getByRole('button', { name: 'Rotate API key CI deploys' }).click();
    await expect(page.getByRole('dialog', { name: 'Rotate API key CI deploys?' })).toBeVisible();
    await shot('developers-api-key-rotate');
    await page.keyboard.press('Escape');
    await page.goto('/console/developers/profiles');
    await loaded(page);
    await shot('developers-profiles');
    await page.goto('/console/sandbox');
    await loaded(page);
    await shot('sandbox');
  });
}
