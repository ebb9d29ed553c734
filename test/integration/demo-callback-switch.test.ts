import { beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../server/signature/sign-callback';
import { findSigningSecret } from '../../server/signature/signature-secrets';
import { DEMO_TEST_SECRET, useDemoKassa } from '../support/demo-kassa';

const BASE = 'http://localhost:3997';
const demo = useDemoKassa(3997, 'demo-callback-switch');
let routes: {
  start: typeof import('../../app/demo/start/route');
  callback: typeof import('../../app/demo/api/callback/route');
  orders: typeof import('../../app/demo/api/orders/route');
  login: typeof import('../../app/demo/api/login/route');
  answer: typeof import('../../app/demo/api/callback-answer/route');
};

/** The back office's "Answer callbacks with 500" switch, through the demo's route handlers (ADR 029). */
beforeAll(async () => {
  routes = {
    start: await import('../../app/demo/start/route'),
    callback: await import('../../app/demo/api/callback/route'),
    orders: await import('../../app/demo/api/orders/route'),
    login: await import('../../app/demo/api/login/route'),
    answer: await import('../../app/demo/api/callback-answer/route'),
  };
});

const accountId = () => demo.kassa.merchant.demoStore!.accountId;

const startSession = async (): Promise<string> => {
  const res = await routes.start.POST(
    new Request(`${BASE}/demo/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cart: JSON.stringify([{ id: 'mug', quantity: 1 }]), mode: 'inline' }).toString(),
    }),
  );
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!).searchParams.get('sid')!;
};

const logIn = async (): Promise<string> => {
  const res = await routes.login.POST(
    new Request(`${BASE}/demo/api/login`, {
      method: 'POST',
      headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'demo-merchant', client_secret: DEMO_TEST_SECRET }).toString(),
    }),
  );
  expect(res.status).toBe(303);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
};

const setAnswer = (answer: string, headers: Record<string, string>) =>
  routes.answer.POST(
    new Request(`${BASE}/demo/api/callback-answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ answer }).toString(),
    }),
  );

/** A payment callback signed as Kassa signs it. */
const callback = async (sid: string, n: number) => {
  const url = `${BASE}/demo/api/callback?session_id=${sid}&merchant_reference=demo&time=2025-01-01T00:00:00Z&event_id=e${n}`;
  const secret = (await findSigningSecret(demo.kassa.ctx.database.db, accountId()))!.secret;
  const sig = signatureHeader(secret, Math.floor(Date.now() / 1000), accountId(), 'GET', url);
  return routes.callback.GET(new Request(url, { headers: { 'kassa-signature': sig } }));
};

const ordersState = async (cookie: string) =>
  (await (await routes.orders.GET(new Request(`${BASE}/demo/api/orders`, { headers: { cookie } }))).json()) as {
    callback_status: number;
    orders: { session_id: string; callbacks: { status: number }[] }[];
  };

describe("the demo back office's callback switch", () => {
  it('makes the store answer signed payment callbacks with 500 until switched back; only the logged-in merchant from its own page may switch it', async () => {
    const sid = await startSession();
    const cookie = await logIn();
    expect((await ordersState(cookie)).callback_status).toBe(200);

    expect((await setAnswer('500', { cookie })).status).toBe(403); // no Origin: not provably the store's own page
    expect((await setAnswer('500', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await setAnswer('500', { origin: BASE })).status).toBe(401); // not logged in
    expect((await setAnswer('302', { cookie, origin: BASE })).status).toBe(400);
    expect((await ordersState(cookie)).callback_status).toBe(200); // none of those changed anything
    expect((await callback(sid, 1)).status).toBe(200);

    const on = await setAnswer('500', { cookie, origin: BASE });
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe(`${BASE}/demo/orders?callbacks=500`);
    expect((await ordersState(cookie)).callback_status).toBe(500);
    const failed = await callback(sid, 2);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'the demo store is set to answer 500' });
    // a wrong signature is still 401, not 500
    const forged = await routes.callback.GET(
      new Request(`${BASE}/demo/api/callback?session_id=${sid}&event_id=e3`, {
        headers: { 'kassa-signature': `t=1,v0-hmac-sha256=${'a'.repeat(64)}` },
      }),
    );
    expect(forged.status).toBe(401);

    expect((await setAnswer('200', { cookie, origin: BASE })).status).toBe(303);
    expect((await callback(sid, 4)).status).toBe(200);
    const order = (await ordersState(cookie)).orders.find((o) => o.session_id === sid)!;
    expect(order.callbacks.map((c) => c.status)).toEqual([200, 500, 401, 200]);
  });
});
