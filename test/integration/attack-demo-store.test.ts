import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID, DEMO_CLIENT_ID } from '../../server/accounts/ensure-demo-merchant';
import { ApiClient, NORWEGIAN_CONTACT, payBody } from '../support/api-client';
import { serveDemo } from '../support/demo-http-server';
import { paidSession } from '../support/fixtures';
import { freePort } from '../support/spawn-kassa';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 24 item 1, as an attacker would try it over HTTP: the demo store's back office may act
 * only on what the demo created, only for its logged-in merchant, only from its own pages; a real
 * deployment (KASSA_BOOTSTRAP_* set, KASSA_DEMO not) has no /demo at all.
 */
const DEMO_SECRET = 'attack-test-demo-secret-0123456789';
const CART = JSON.stringify([{ id: 'mug', quantity: 1 }]);

let srv: TestServer;
let web: { baseUrl: string; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // the bootstrap merchant (another merchant) plus the demo, explicitly enabled, on its own account
  srv = await startTestServer({
    env: { KASSA_DEMO: 'true', KASSA_DEMO_CLIENT_SECRET: DEMO_SECRET, KASSA_PUBLIC_URL: base },
  });
  web = await serveDemo(srv.kassa, port);
});

afterAll(async () => {
  await web?.close();
  await srv?.stop();
});

const post = (path: string, opts: { origin?: string | null; cookie?: string; form?: Record<string, string> } = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.origin === null ? {} : { origin: opts.origin ?? base }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: new URLSearchParams(opts.form ?? {}).toString(),
  });

/** The demo merchant's login: the sealed cookie, and nothing else, is what the browser keeps. */
const logIn = async (secret = DEMO_SECRET): Promise<string | undefined> => {
  const res = await post('/demo/api/login', { form: { client_id: DEMO_CLIENT_ID, client_secret: secret } });
  expect(res.status, await res.clone().text()).toBe(303);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('kassa_demo_merchant='));
  if (!cookie) return undefined;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).not.toContain(DEMO_SECRET);
  return cookie.split(';')[0]!;
};

/** A shopper's order in the demo store, paid by card: the demo created it. */
const demoTransaction = async (): Promise<string> => {
  const started = await post('/demo/start', { form: { cart: CART } });
  expect(started.status).toBe(303);
  const sid = new URL(started.headers.get('location')!).pathname.split('/').pop()!;
  const customer = new ApiClient(base);
  // Kassa calls the store's (signed) shipping callback over HTTP for the options
  const addressed = await customer.request('PUT', `/v1/view/${sid}/session/order/addresses`, {
    shipping_address: { ...NORWEGIAN_CONTACT, postal_code: '0150' },
  });
  expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
  const option = (addressed.body.express as { shipping_options: unknown[] }).shipping_options[0];
  expect((await customer.request('PUT', `/v1/view/${sid}/session/order/shipping_option`, option)).status).toBe(200);
  const paid = await customer.post(`/v1/sessions/${sid}/pay`, payBody());
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.transaction_id as string;
};

const amounts = (id: string) =>
  srv.kassa.ctx.database.db
    .selectFrom('transactions')
    .select(['account_id', 'status', 'captured_amount', 'refunded_amount', 'voided_amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** POSTs every order action and proves the transaction did not move. */
const refusedEverything = async (
  id: string,
  opts: { origin?: string | null; cookie?: string },
  expected: (res: Response) => void,
) => {
  const before = await amounts(id);
  for (const action of ['capture', 'refund', 'void'])
    expected(await post(`/demo/api/orders/${encodeURIComponent(id)}/${action}`, opts));
  expect(await amounts(id)).toEqual(before);
};

const refusedAsUnknown = (res: Response) => {
  expect(res.status).toBe(303);
  expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('TRANSACTION_NOT_FOUND');
};

describe('the demo store under attack', () => {
  it("refuses a transaction it did not create, of its own account (made through the API) or of another merchant's", async () => {
    const cookie = (await logIn())!;
    const demoApi = await ApiClient.login(base, DEMO_ACCOUNT_ID, DEMO_CLIENT_ID, DEMO_SECRET);
    const sameAccount = await paidSession(demoApi, { order: { merchant_reference: 'demo-looks-like-the-demo' } });
    expect((await amounts(sameAccount.transactionId)).account_id).toBe(DEMO_ACCOUNT_ID);
    const otherMerchant = await paidSession(await ApiClient.login(base));
    expect((await amounts(otherMerchant.transactionId)).account_id).not.toBe(DEMO_ACCOUNT_ID);
    await refusedEverything(sameAccount.transactionId, { cookie }, refusedAsUnknown);
    await refusedEverything(otherMerchant.transactionId, { cookie }, refusedAsUnknown);

    // nor does its orders page show them; its own order it lists and captures
    const own = await demoTransaction();
    const listed = (await (await fetch(`${base}/demo/api/orders`, { headers: { cookie } })).json()) as {
      orders: { transaction?: { id: string } }[];
    };
    expect(listed.orders.map((o) => o.transaction?.id)).toEqual([own]);
    const captured = await post(`/demo/api/orders/${own}/capture`, { cookie });
    expect(new URL(captured.headers.get('location')!).searchParams.get('done')).toBe('capture');
    expect((await amounts(own)).status).toBe('CAPTURED');
  });

  it('refuses a cross-origin POST (the login, and every order action even with the merchant logged in)', async () => {
    const cookie = (await logIn())!;
    const own = await demoTransaction();
    const forbidden = (res: Response) => expect(res.status).toBe(403);
    await refusedEverything(own, { cookie, origin: 'https://evil.example' }, forbidden);
    await refusedEverything(own, { cookie, origin: null }, forbidden); // no Origin (nor Referer): not provably our page
    const login = await post('/demo/api/login', {
      origin: 'https://evil.example',
      form: { client_id: DEMO_CLIENT_ID, client_secret: DEMO_SECRET },
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an unauthenticated merchant action: no login, a wrong secret, a forged or foreign cookie', async () => {
    const own = await demoTransaction();
    const unauthorized = (res: Response) => expect(res.status).toBe(401);
    await refusedEverything(own, {}, unauthorized);
    expect(await logIn('not-the-secret-0123456789')).toBeUndefined();
    await refusedEverything(own, { cookie: 'kassa_demo_merchant=Fe26.2**forged~2' }, unauthorized);
    await refusedEverything(own, { cookie: `kassa_choice=${'x'.repeat(40)}` }, unauthorized);
    expect((await fetch(`${base}/demo/api/orders`)).status).toBe(401);
    // the shopper's return URL carries the transaction id: it alone moves nothing
    expect((await amounts(own)).status).toBe('AUTHORIZED');
  });

  it('a real deployment (KASSA_BOOTSTRAP_* set, the demo not enabled) answers 404 on every /demo path and creates nothing', async () => {
    const port = await freePort();
    const real = await startTestServer({ env: { KASSA_PUBLIC_URL: `http://127.0.0.1:${port}` } });
    const realWeb = await serveDemo(real.kassa, port);
    try {
      expect(real.kassa.merchant.demoStore).toBeUndefined();
      const count = async () =>
        Number(
          (
            await real.kassa.ctx.database.db
              .selectFrom('sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const paid = await paidSession(await ApiClient.login(realWeb.baseUrl));
      const before = await count();
      const paths = [
        '/demo',
        '/demo/',
        '/demo/orders',
        '/demo/inline?sid=x',
        '/demo/return',
        '/demo/start',
        '/demo/api/orders',
        '/demo/api/login',
        '/demo/api/callback',
      ];
      paths.push(
        '/demo/api/shipping-address',
        '/demo/api/discount-codes',
        `/demo/api/orders/${paid.transactionId}/refund`,
        `/demo/api/orders/${paid.transactionId}/void`,
        '/%64emo/start',
      );
      for (const path of paths) {
        for (const method of ['GET', 'POST']) {
          const res = await fetch(`${realWeb.baseUrl}${path}`, {
            method,
            redirect: 'manual',
            headers: { origin: realWeb.baseUrl },
            ...(method === 'POST' ? { body: `cart=${CART}` } : {}),
          });
          expect(res.status, `${method} ${path}`).toBe(404);
        }
      }
      expect(await count()).toBe(before);
      // the route handlers refuse on their own too (a Next without bin/kassa.ts in front)
      const refund = await import('../../app/demo/api/orders/[transactionId]/[action]/route');
      const direct = await refund.POST(
        new Request(`${realWeb.baseUrl}/demo/api/orders/${paid.transactionId}/refund`, {
          method: 'POST',
          headers: { origin: realWeb.baseUrl },
        }),
        {
          params: Promise.resolve({ transactionId: paid.transactionId, action: 'refund' }),
        },
      );
      expect(direct.status).toBe(404);
      const tx = await real.kassa.ctx.database.db
        .selectFrom('transactions')
        .select(['status'])
        .where('id', '=', paid.transactionId)
        .executeTakeFirstOrThrow();
      expect(tx.status).toBe('AUTHORIZED');
    } finally {
      await realWeb.close();
      await real.stop();
    }
  });
});
