import { beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../server/signature/sign-callback';
import { findSigningSecret } from '../../server/signature/signature-secrets';
import { DEMO_TEST_SECRET, useDemoKassa } from '../support/demo-kassa';

const BASE = 'http://localhost:3998';
const demo = useDemoKassa(3998, 'demo-store');
let routes: {
  start: typeof import('../../app/demo/start/route');
  callback: typeof import('../../app/demo/api/callback/route');
  shipping: typeof import('../../app/demo/api/shipping-address/route');
  discounts: typeof import('../../app/demo/api/discount-codes/route');
  orders: typeof import('../../app/demo/api/orders/route');
  login: typeof import('../../app/demo/api/login/route');
};

/** The demo store's route handlers over the process's Kassa (getKassa) on a fresh database. */
beforeAll(async () => {
  routes = {
    start: await import('../../app/demo/start/route'),
    callback: await import('../../app/demo/api/callback/route'),
    shipping: await import('../../app/demo/api/shipping-address/route'),
    discounts: await import('../../app/demo/api/discount-codes/route'),
    orders: await import('../../app/demo/api/orders/route'),
    login: await import('../../app/demo/api/login/route'),
  };
});

const accountId = () => demo.kassa.merchant.demoStore!.accountId;
const { countSessions } = demo;

const checkout = (fields: Record<string, string>) =>
  routes.start.POST(
    new Request(`${BASE}/demo/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  );

const startSession = async () => {
  const res = await checkout({
    cart: JSON.stringify([
      { id: 'mug', quantity: 1 },
      { id: 'grinder', quantity: 1 },
    ]),
    mode: 'inline',
  });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(`${BASE}/demo/inline`);
  return location.searchParams.get('sid')!;
};

/** A request signed the way Kassa signs it (the account's current secret). */
const signed = async (method: 'GET' | 'POST', url: string, body?: unknown, header?: string) => {
  const secret = (await findSigningSecret(demo.kassa.ctx.database.db, accountId()))!.secret;
  const sig = header ?? signatureHeader(secret, Math.floor(Date.now() / 1000), accountId(), method, url);
  return new Request(url, {
    method,
    headers: { 'content-type': 'application/json', 'kassa-signature': sig },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
};

/** The demo merchant's login cookie (the back office's orders need it). */
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

const sessionBody = (sid: string, order: Record<string, unknown>) => ({
  id: sid,
  order: {
    amount: 89800,
    currency: 'NOK',
    items: [
      { line_id: '1', amount: 9900 },
      { line_id: '2', amount: 79900 },
    ],
    ...order,
  },
  express: { shipping_options: [] },
});

describe('the demo store', () => {
  it('prices the cart from the catalog and creates an express session only on POST; a bad cart is 400 and creates nothing', async () => {
    const sid = await startSession();
    const row = await demo.kassa.ctx.database.db
      .selectFrom('sessions')
      .select(['amount', 'order_data', 'configuration'])
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(row.amount).toBe(89800);
    expect(JSON.parse(row.order_data).items.map((i: { id: string; amount: number }) => [i.id, i.amount])).toEqual([
      ['mug', 9900],
      ['grinder', 79900],
    ]);
    expect(JSON.parse(row.configuration).discounts).toEqual({ express_discount_codes: { enabled: true } });
    expect(await findSigningSecret(demo.kassa.ctx.database.db, accountId())).toBeDefined();

    const before = await countSessions();
    expect((await checkout({ cart: 'not json' })).status).toBe(400);
    expect((await checkout({ cart: JSON.stringify([{ id: 'nothing', quantity: 1 }]) })).status).toBe(400);
    expect(await countSessions()).toBe(before);
  });

  it('offers shipping by country and postal code; US cannot be shipped to; an unsigned request is refused', async () => {
    const sid = await startSession();
    const options = async (address: Record<string, string>) => {
      const res = await routes.shipping.POST(
        await signed('POST', `${BASE}/demo/api/shipping-address`, sessionBody(sid, { shipping_address: address })),
      );
      expect(res.status).toBe(200);
      return (
        (await res.json()) as { shipping_options: { line_id: string; amount: number; pick_up_address?: unknown }[] }
      ).shipping_options;
    };
    const oslo = await options({ country: 'NO', postal_code: '0150' });
    expect(oslo.map((o) => [o.line_id, o.amount])).toEqual([
      ['home-delivery', 4900],
      ['pick-up-grunerlokka', 0],
      ['pick-up-storo', 2900],
      ['express', 14900],
    ]);
    expect(oslo.filter((o) => o.pick_up_address)).toHaveLength(2);
    expect((await options({ country: 'NO', postal_code: '9008' }))[0]!.amount).toBe(9900);
    expect((await options({ country: 'SE', postal_code: '11122' })).map((o) => o.line_id)).toEqual(['nordic']);
    expect(await options({ country: 'US', postal_code: '10001' })).toEqual([]);

    const unsigned = await routes.shipping.POST(
      new Request(`${BASE}/demo/api/shipping-address`, { method: 'POST', body: JSON.stringify(sessionBody(sid, {})) }),
    );
    expect(unsigned.status).toBe(401);
    const forged = await routes.shipping.POST(
      await signed(
        'POST',
        `${BASE}/demo/api/shipping-address`,
        sessionBody(sid, {}),
        `t=${Math.floor(Date.now() / 1000)},v0-hmac-sha256=${'0'.repeat(64)}`,
      ),
    );
    expect(forged.status).toBe(401);
  });

  it('refuses an unsigned express or payment callback even before the account has a signing secret (nothing to check is no pass)', async () => {
    const sid = await startSession();
    await demo.kassa.ctx.database.db.deleteFrom('signature_secrets').where('account_id', '=', accountId()).execute();
    const body = JSON.stringify(sessionBody(sid, { shipping_address: { country: 'NO', postal_code: '0150' } }));
    const shipping = await routes.shipping.POST(
      new Request(`${BASE}/demo/api/shipping-address`, { method: 'POST', body }),
    );
    expect(shipping.status).toBe(401);
    const discounts = await routes.discounts.POST(
      new Request(`${BASE}/demo/api/discount-codes`, { method: 'POST', body }),
    );
    expect(discounts.status).toBe(401);
    const callback = await routes.callback.GET(
      new Request(`${BASE}/demo/api/callback?session_id=${sid}&transaction_id=T1.x`),
    );
    expect(callback.status).toBe(401);
    await startSession(); // the next checkout makes the secret again
    expect(await findSigningSecret(demo.kassa.ctx.database.db, accountId())).toBeDefined();
  });

  it('postal code 9999 fails once per session, then answers', async () => {
    const sid = await startSession();
    const call = async () =>
      (
        await routes.shipping.POST(
          await signed(
            'POST',
            `${BASE}/demo/api/shipping-address`,
            sessionBody(sid, { shipping_address: { country: 'NO', postal_code: '9999' } }),
          ),
        )
      ).status;
    expect(await call()).toBe(500);
    expect(await call()).toBe(200);
  });

  it('SAVE10 discounts every item, FREESHIP makes shipping free, unknown codes apply nothing', async () => {
    const sid = await startSession();
    const apply = async (codes: string[], extra: Record<string, unknown> = {}) => {
      const res = await routes.discounts.POST(
        await signed(
          'POST',
          `${BASE}/demo/api/discount-codes`,
          sessionBody(sid, {
            discount_codes: codes,
            shipping_address: { country: 'NO', postal_code: '0150' },
            ...extra,
          }),
        ),
      );
      expect(res.status).toBe(200);
      return (await res.json()) as {
        shipping_options: { line_id: string; amount: number }[];
        order: {
          amount: number;
          discount_codes: string[];
          items: { amount: number; gross_amount: number; discount_lines: { amount: number }[] }[];
        };
      };
    };
    const save = await apply(['save10'], {
      shipping_option: { id: 'home-delivery', line_id: 'home-delivery', amount: 4900 },
    });
    expect(save.order.discount_codes).toEqual(['SAVE10']);
    expect(save.order.items.map((i) => [i.gross_amount, i.amount, i.discount_lines[0]!.amount])).toEqual([
      [9900, 8910, 990],
      [79900, 71910, 7990],
    ]);
    expect(save.order.amount).toBe(8910 + 71910 + 4900);

    const free = await apply(['FREESHIP'], {
      shipping_option: { id: 'home-delivery', line_id: 'home-delivery', amount: 4900 },
    });
    expect(free.shipping_options.every((o) => o.amount === 0)).toBe(true);
    expect(free.order.amount).toBe(89800);

    const none = await apply(['NOPE']);
    expect(none.order.discount_codes).toEqual([]);
    expect(none.order.items.map((i) => i.discount_lines)).toEqual([[], []]);
  });

  it('records signed payment callbacks (refusing bad signatures) and lists them with the order', async () => {
    const sid = await startSession();
    const url = `${BASE}/demo/api/callback?method=POST&session_id=${sid}&transaction_id=T1.x&merchant_reference=demo-1&time=2025-01-01T00:00:00Z&event_id=e1`;
    expect((await routes.callback.POST(await signed('POST', url, { status: 'AUTHORIZED' }))).status).toBe(200);
    expect(
      (await routes.callback.GET(await signed('GET', url, undefined, 't=1,v0-hmac-sha256=' + 'a'.repeat(64)))).status,
    ).toBe(401);
    expect((await routes.orders.GET(new Request(`${BASE}/demo/api/orders`))).status).toBe(401);
    const { orders } = (await (
      await routes.orders.GET(new Request(`${BASE}/demo/api/orders`, { headers: { cookie: await logIn() } }))
    ).json()) as {
      orders: { session_id: string; callbacks: { signature: string; status: number; summary: string }[] }[];
    };
    const order = orders.find((o) => o.session_id === sid)!;
    expect(order.callbacks.map((c) => [c.signature, c.status, c.summary])).toEqual([
      ['valid', 200, 'payment authorized (transaction AUTHORIZED)'],
      ['invalid', 401, 'payment authorized'],
    ]);
  });
});
