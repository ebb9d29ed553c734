import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type Transaction, ORDER_AMOUNT, ORDER_ITEMS, api, createSigningSecret } from './support/api';
import { E2E_CREDENTIALS } from './support/constants';
import { useMerchant } from './support/merchant-server';
import { signatureMatches } from './support/signature';

/**
 * A merchant's own payment app (docs/payment-app.md) that is down when the shopper pays: the checkout says so
 * in words and lets them try again; once the app is back the payment goes through, and the app was asked to
 * authorize exactly once (issue 25).
 */
const shop = useMerchant();

/** A minimal app: approves every payment, records what it got and whether Kassa signed it. */
const startApp = async (secret: string) => {
  const authorizations: { signed: boolean; transactionId: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = `http://${req.headers.host}${req.url}`;
      const signed = signatureMatches(
        String(req.headers['kassa-signature'] ?? ''),
        secret,
        E2E_CREDENTIALS.accountId,
        req.method ?? '',
        url,
      );
      const { transaction_id: transactionId } = JSON.parse(body || '{}') as { transaction_id?: string };
      if (new URL(url).pathname.endsWith('/authorize'))
        authorizations.push({ signed, transactionId: String(transactionId) });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'approved', provider_reference: `app-${String(transactionId)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app`;
  return { url, authorizations, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** A port nothing listens on (bound, then closed). */
const deadUrl = async () => {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/app`;
};

const configureApp = async (url: string) => {
  const res = await api('PUT', '/v1/admin/gateways/payment_app/e2eapp', {
    token: shop.token,
    body: { configuration: { payment_app: { url, display_name: 'E2E Pay', timeout_ms: 2000, enabled: true } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
};

test('the app is down: a clear message and the way to try again; back up, the payment goes through, authorized once', async ({
  page,
}) => {
  const secret = await createSigningSecret(shop.token);
  const app = await startApp(secret);
  try {
    await configureApp(await deadUrl());
    const created = await api<{ id: string; url: string }>('POST', '/v1/sessions', {
      token: shop.token,
      body: {
        url: { return_url: shop.returnUrl() },
        order: {
          amount: ORDER_AMOUNT,
          currency: 'NOK',
          merchant_reference: `e2e-app-${Date.now()}`,
          vat_amount: 10550,
          items: ORDER_ITEMS,
        },
        configuration: { payment_app: { e2eapp: { enabled: true } } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await page.goto(created.body.url);
    await page.getByRole('button', { name: /Continue to E2E Pay/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: /try again/i })).toBeVisible();
    expect(app.authorizations).toHaveLength(0);

    await configureApp(app.url); // the app is back
    await page.getByRole('button', { name: /Continue to E2E Pay/ }).click();
    await page.waitForURL(shop.atMerchantReturn);
    const transactionId = new URL(page.url()).searchParams.get('transaction_id')!;
    expect(app.authorizations).toEqual([{ signed: true, transactionId }]);
    const tx = await api<Transaction>('GET', `/v1/transactions/${transactionId}`, { token: shop.token });
    expect(tx.body).toMatchObject({
      status: 'AUTHORIZED',
      amount: ORDER_AMOUNT,
      payment_product_type: 'payment_app.e2eapp',
    });
  } finally {
    await app.close();
  }
});

/**
 * CI once saw the first test fail: the page's own read of the session (once, when the page is idle after it runs)
 * reached the server while the page's payment was in flight; the session was PAYING, the read answered "payment in
 * progress", and the page swapped the checkout (and the answer the shopper was waiting for) for that notice. Here the
 * read is held until the app has the payment, and the app answers only after the read did.
 */
test("the page's own read of the session while it pays does not take the answer away", async ({ page }) => {
  let releaseApp!: () => void;
  const appMayAnswer = new Promise<void>((resolve) => (releaseApp = resolve));
  let appAsked!: () => void;
  const asked = new Promise<void>((resolve) => (appAsked = resolve));
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      appAsked();
      void appMayAnswer.then(() =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ result: 'declined', code: 'do_not_honor', message: 'No', retryable: true })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await createSigningSecret(shop.token);
    await configureApp(`http://127.0.0.1:${(server.address() as AddressInfo).port}/app`);
    const created = await api<{ id: string; url: string }>('POST', '/v1/sessions', {
      token: shop.token,
      body: {
        url: { return_url: shop.returnUrl() },
        order: {
          amount: ORDER_AMOUNT,
          currency: 'NOK',
          merchant_reference: `e2e-app-read-${Date.now()}`,
          vat_amount: 10550,
          items: ORDER_ITEMS,
        },
        configuration: { payment_app: { e2eapp: { enabled: true } } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    let releaseRead!: () => void;
    const readMayGo = new Promise<void>((resolve) => (releaseRead = resolve));
    let readAsked!: () => void;
    const read = new Promise<void>((resolve) => (readAsked = resolve));
    let readAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (readAnswered = resolve));
    await page.route(`**/v1/view/${created.body.id}/session`, async (route) => {
      readAsked();
      await readMayGo;
      await route.continue();
      readAnswered();
    });
    await page.goto(created.body.url);
    await read; // the page runs and asked for the session once
    await page.getByRole('button', { name: /Continue to E2E Pay/ }).click();
    await asked; // the session is PAYING now
    releaseRead();
    await answered;
    releaseApp();
    await expect(page.getByRole('alert').filter({ hasText: /try again/i })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continue to E2E Pay/ })).toBeEnabled();
  } finally {
    releaseApp();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
