import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorUnits, priced } from '../../domain/money';
import { DEMO_ACCOUNT_ID } from '../../server/accounts/ensure-demo-merchant';
import { createPaymentAppProvider } from '../../server/providers/payment-app/payment-app-provider';
import { appRequestUrl } from '../../server/providers/payment-app/call-payment-app';
import { signatureHeader } from '../../server/signature/sign-callback';
import { findSigningSecret } from '../../server/signature/signature-secrets';
import { serveDemo } from '../support/demo-http-server';
import { freePort } from '../support/spawn-kassa';
import { startTestServer, type TestServer } from '../support/test-server';

/** The demo's reference payment app (server/demo/payment-app), called by the provider over HTTP as Kassa calls it. */
let srv: TestServer;
let web: { baseUrl: string; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  srv = await startTestServer({
    env: { KASSA_DEMO: 'true', KASSA_DEMO_CLIENT_SECRET: 'payment-app-demo-secret-0123456789', KASSA_PUBLIC_URL: base },
  });
  web = await serveDemo(srv.kassa, port);
  // the store's checkout button gives the demo merchant its signing secret and its payment app
  const start = await fetch(`${base}/demo/start`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ cart: JSON.stringify([{ id: 'mug', quantity: 1 }]) }),
  });
  expect(start.status).toBe(303);
});
afterAll(async () => {
  await web?.close();
  await srv?.stop();
});

const TYPE = 'payment_app.demo';
let n = 0;
const txId = () => `${DEMO_ACCOUNT_ID}.demoapptx${String(++n).padStart(4, '0')}`;
const provider = () => createPaymentAppProvider({ database: srv.kassa.ctx.database, env: srv.kassa.ctx.env });
const authorize = (transactionId: string, amount: number) =>
  provider().authorize({
    accountId: DEMO_ACCOUNT_ID,
    productType: TYPE,
    transactionId,
    ...priced(minorUnits(amount), 'NOK'),
    returnUrl: `${base}/back/${transactionId}`,
  });
const op = (operationId: string, amount: number) => ({
  accountId: DEMO_ACCOUNT_ID,
  productType: TYPE,
  transactionId: 'tx',
  operationId,
  ...priced(minorUnits(amount), 'NOK'),
});

describe('the reference payment app of the demo', () => {
  it('is configured for the demo merchant as payment_app.demo at its public origin', async () => {
    expect(await provider().productsFor(DEMO_ACCOUNT_ID)).toMatchObject([
      { type: TYPE, name: 'Demo payment app', kind: 'redirect' },
    ]);
  });

  it('approves, and declines amounts ending in 51; the same answer again for the same transaction', async () => {
    const id = txId();
    expect(await authorize(id, 1234)).toEqual({ outcome: 'APPROVED', providerReference: `demo_app_${id}` });
    expect(await authorize(id, 1234)).toEqual({ outcome: 'APPROVED', providerReference: `demo_app_${id}` });
    expect(await authorize(txId(), 1251)).toMatchObject({
      outcome: 'DECLINED',
      code: 'declined_by_amount',
      retryable: false,
    });
  });

  it('sends the shopper to its page for amounts ending in 00 or 33; the decision there is what completion answers', async () => {
    for (const [amount, decision, outcome] of [
      [1033, 'approve', 'APPROVED'],
      [10000, 'reject', 'DECLINED'],
    ] as const) {
      const id = txId();
      const action = await authorize(id, amount);
      expect(action).toMatchObject({
        outcome: 'CUSTOMER_ACTION',
        url: expect.stringMatching(new RegExp(`^${base}/demo/payment-app/page/`)),
      });
      const url = (action as { url: string }).url;
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('Approve');
      const decided = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decision=${decision}`,
      });
      expect(decided.status).toBe(303);
      expect(decided.headers.get('location')).toBe(`${base}/back/${id}`);
      const completed = await provider().completeCustomerAction({
        accountId: DEMO_ACCOUNT_ID,
        productType: TYPE,
        transactionId: id,
        state: {},
      });
      expect(completed.outcome).toBe(outcome);
    }
  });

  it('declines a customer action the shopper came back from without deciding, and the page can no longer approve it', async () => {
    const id = txId();
    const { url } = (await authorize(id, 2033)) as { url: string };
    expect(
      await provider().completeCustomerAction({
        accountId: DEMO_ACCOUNT_ID,
        productType: TYPE,
        transactionId: id,
        state: {},
      }),
    ).toMatchObject({ outcome: 'DECLINED', retryable: true });
    await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(
      (
        await provider().completeCustomerAction({
          accountId: DEMO_ACCOUNT_ID,
          productType: TYPE,
          transactionId: id,
          state: {},
        })
      ).outcome,
    ).toBe('DECLINED');
  });

  it('captures, refunds and voids at once, except captures ending in 02: pending, then done via status', async () => {
    const p = provider();
    expect(await p.capture(op('demo-op-1', 500))).toBe('DONE');
    expect(await p.refund(op('demo-op-2', 500))).toBe('DONE');
    expect(await p.void(op('demo-op-3', 500))).toBe('DONE');
    expect(await p.capture(op('demo-op-4', 1002))).toBe('PENDING');
    const status = () => p.operationStatus({ accountId: DEMO_ACCOUNT_ID, productType: TYPE, operationId: 'demo-op-4' });
    expect(await status()).toBe('PENDING');
    await expect.poll(status, { interval: 100 }).toBe('DONE');
    expect(await p.operationStatus({ accountId: DEMO_ACCOUNT_ID, productType: TYPE, operationId: 'never-seen' })).toBe(
      'UNKNOWN',
    );
  });

  it('a capture ending in 03 is pending, then failed via status; asked again with its id, it answers as the first time', async () => {
    const p = provider();
    expect(await p.capture(op('demo-op-5', 1003))).toBe('PENDING');
    const status = () => p.operationStatus({ accountId: DEMO_ACCOUNT_ID, productType: TYPE, operationId: 'demo-op-5' });
    await expect.poll(status, { interval: 100 }).toBe('FAILED');
    expect(await p.capture(op('demo-op-5', 1003))).toBe('PENDING');
    expect(await status()).toBe('FAILED');
  });

  it('refuses any request not signed by Kassa for the demo merchant, or whose body is not the signed one', async () => {
    const secret = (await findSigningSecret(srv.kassa.ctx.database.db, DEMO_ACCOUNT_ID))!.secret;
    const body = JSON.stringify({
      account_id: DEMO_ACCOUNT_ID,
      operation_id: 'forged-1',
      amount: 100,
      currency: 'NOK',
    });
    const url = appRequestUrl(`${base}/demo/payment-app`, 'capture', body);
    const send = (signature: string | undefined, sent = body) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'kassa-signature': signature } : {}) },
        body: sent,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await send(undefined)).status).toBe(401);
    expect((await send(signatureHeader('another-secret', now, DEMO_ACCOUNT_ID, 'POST', url))).status).toBe(401);
    expect(
      (await send(signatureHeader(secret, now, DEMO_ACCOUNT_ID, 'POST', url), body.replace('100', '900'))).status,
    ).toBe(401);
    expect((await send(signatureHeader(secret, now, DEMO_ACCOUNT_ID, 'POST', url))).status).toBe(200);
  });
});
