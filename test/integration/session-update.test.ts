import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient, payBody, sessionBody, NORWEGIAN_ADDRESS } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { srv, api, other, customer } = useKassa({ other: true });

const db = () => srv.kassa.ctx.database.db;

const HOME = { id: 'home', line_id: 'shipping-home', amount: 500, title: 'Home delivery' };
const PICKUP = { id: 'pickup', line_id: 'shipping-pickup', amount: 0, title: 'Pick-up point' };
const EXPRESS_BOX = { id: 'box', line_id: 'shipping-box', amount: 900, title: 'Parcel box' };
const ADDRESS = NORWEGIAN_ADDRESS;

/** A merchant's shipping-address callback on loopback: records each request and answers what `respond` says. */
const startShippingService = async (respond: () => { status: number; body: string }) => {
  const received: { method: string; url: string; body: any }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* recorded as text */
      }
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      const { status, body: answer } = respond();
      res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/shipping`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
const answering =
  (body: unknown, status = 200) =>
  () => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });

const createSession = async (overrides: Record<string, unknown> = {}, order: Record<string, unknown> = {}) => {
  const body = sessionBody(overrides, order);
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.id as string, body };
};
const createExpressSession = (
  express: Record<string, unknown> = { shipping_options: [HOME, PICKUP] },
  order: Record<string, unknown> = {},
) => createSession({ express }, order);

const lock = async (id: string) => {
  const res = await customer.post(`/v1/view/${id}/session/lock`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.pay_lock.pay_lock_id as string;
};

const put = (id: string, body: unknown, query = '', client = api) =>
  client.request('PUT', `/v1/sessions/${id}${query}`, body);

/** The default order (items 6000 + 4000) with a shipping option, its amount made to match. */
const orderWith = (base: Record<string, any>, changes: Record<string, unknown> = {}) => {
  const order = { ...base, ...changes } as Record<string, any>;
  if (!('amount' in changes)) {
    order.amount =
      (order.items ?? []).reduce((s: number, i: { amount: number }) => s + i.amount, 0) +
      (order.shipping_option?.amount ?? 0);
  }
  return order;
};

/** Everything a rejected update could have touched: the merchant's view of the session (events included) and the lock. */
const stored = async (id: string) => ({
  session: (await api.get(`/v1/sessions/${id}`)).body,
  row: await db()
    .selectFrom('sessions')
    .select(['pay_lock_id', 'version', 'updated_at', 'status', 'amount', 'order_data', 'express'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow(),
});
const eventNames = async (id: string) =>
  (await api.get(`/v1/sessions/${id}`)).body.events.map((e: { name: string }) => e.name) as string[];
const lastEvent = async (id: string, name: string) => {
  const events = (await api.get(`/v1/sessions/${id}`)).body.events.filter((e: { name: string }) => e.name === name);
  return events[events.length - 1];
};

const expectRejected = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};

describe('PUT /v1/sessions/{id} needs the checkout lock, or update_without_lock=true', () => {
  it('an update of a session that is not locked is 400 SESSION_NOT_LOCKED and changes nothing', async () => {
    const { id, body } = await createExpressSession();
    const before = await stored(id);
    for (const query of ['', '?update_without_lock=false']) {
      const res = await put(id, { order: orderWith(body.order, { shipping_option: HOME }) }, query);
      expectRejected(res, 400, 'SESSION_NOT_LOCKED');
    }
    expect(await stored(id)).toEqual(before);
  });

  it('only an express session can be locked: locking another is 400 EXPRESS_NOT_ENABLED and records nothing', async () => {
    const { id, body } = await createSession();
    const before = await stored(id);
    const res = await customer.post(`/v1/view/${id}/session/lock`);
    expectRejected(res, 400, 'EXPRESS_NOT_ENABLED');
    expect(await stored(id)).toEqual(before);
    expect(before.row.pay_lock_id).toBeNull();
    // ...so such a session stays unlocked and can be updated only with update_without_lock
    expectRejected(await put(id, { order: body.order }), 400, 'SESSION_NOT_LOCKED');
    expect(await stored(id)).toEqual(before);
  });

  it('a locked express session is updated, and its UPDATE_SESSION event holds updated_order_result and updated_express_result', async () => {
    const { id, body } = await createExpressSession();
    const payLockId = await lock(id);
    const order = orderWith(body.order, { shipping_option: HOME, shipping_address: ADDRESS });
    const res = await put(id, { order });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id,
      order: { amount: 10500, shipping_option: HOME, shipping_address: ADDRESS },
      express: { shipping_options: [HOME, PICKUP] },
    });

    const read = await api.get(`/v1/sessions/${id}`);
    expect(read.body.order).toEqual(order);
    const update = read.body.events.find((e: { name: string }) => e.name === 'UPDATE_SESSION');
    expect(update.details).toMatchObject({
      updated_order_result: { status: 'UPDATED' },
      updated_express_result: { status: 'NOT_MODIFIED' },
    });
    expect(read.body.events.map((e: { name: string }) => e.name)).toEqual([
      'INITIATED',
      'PAY_LOCK_START',
      'UPDATE_SESSION',
      'PAY_LOCK_END',
    ]);
    expect(read.body.events[3].details).toMatchObject({ pay_lock_id: payLockId });
    const row = await db().selectFrom('sessions').select(['amount']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.amount).toBe(10500);
  });

  it('an update that changes the express options says so in updated_express_result, and one that changes nothing says NOT_MODIFIED', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    const res = await put(id, { order: body.order, express: { shipping_options: [PICKUP] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.express).toEqual({ shipping_options: [PICKUP] });
    expect((await lastEvent(id, 'UPDATE_SESSION')).details).toMatchObject({
      updated_order_result: { status: 'NOT_MODIFIED' },
      updated_express_result: { status: 'UPDATED' },
    });
  });

  it('update_without_lock=true updates a session that is not locked, and records no lock event', async () => {
    const { id, body } = await createSession();
    const order = {
      ...body.order,
      amount: 7000,
      items: [
        { line_id: '1', description: 'Widget', quantity: 1, amount: 3000 },
        { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000 },
      ],
    };
    const res = await put(id, { order }, '?update_without_lock=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toEqual(order);
    expect(await eventNames(id)).toEqual(['INITIATED', 'UPDATE_SESSION']);
    expect((await lastEvent(id, 'UPDATE_SESSION')).details).toMatchObject({
      updated_order_result: { status: 'UPDATED' },
      updated_express_result: { status: 'NOT_MODIFIED' },
    });
    // the new amount is what the customer pays
    const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody());
    expect(paid.body.success).toBe(true);
    expect((await api.get(`/v1/transactions/${paid.body.transaction_id}`)).body.amount).toBe(7000);
  });
});

describe('the order rules of an update', () => {
  it('an order.amount that is not the items plus the shipping option is 400 ORDER_AMOUNT_MISMATCH and changes nothing (the lock stays)', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    const before = await stored(id);
    for (const order of [
      orderWith(body.order, { amount: 10000, shipping_option: HOME }), // forgot the shipping
      orderWith(body.order, { amount: 10499, shipping_option: HOME }),
      orderWith(body.order, { amount: 9999 }),
      orderWith(body.order, { items: undefined, amount: 10000 }), // nothing to check the amount against
    ]) {
      const res = await put(id, { order });
      expectRejected(res, 400, 'ORDER_AMOUNT_MISMATCH');
    }
    expect(await stored(id)).toEqual(before);
    expect(before.row.pay_lock_id).not.toBeNull();
  });

  it('an order.shipping_option that is not one of express.shipping_options is 400 SHIPPING_OPTION_NOT_AVAILABLE and changes nothing', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    const before = await stored(id);
    const cases = [
      { order: orderWith(body.order, { shipping_option: EXPRESS_BOX }) }, // never offered
      { order: orderWith(body.order, { shipping_option: { ...HOME, line_id: 'other-line' } }) }, // same id, other line
      { order: orderWith(body.order, { shipping_option: HOME }), express: { shipping_options: [PICKUP] } }, // offered before, not in the update
    ];
    for (const update of cases) expectRejected(await put(id, update), 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    expect(await stored(id)).toEqual(before);
    // the same option, when offered, is accepted
    expect(
      (
        await put(id, {
          order: orderWith(body.order, { shipping_option: EXPRESS_BOX }),
          express: { shipping_options: [EXPRESS_BOX] },
        })
      ).status,
    ).toBe(200);
  });

  it('create and update agree: a create whose order.shipping_option is not among express.shipping_options is refused as the update is (issue 37 item 15)', async () => {
    const sessionsBefore = (await db().selectFrom('sessions').select('id').execute()).length;
    const order = orderWith(sessionBody().order, { shipping_option: EXPRESS_BOX });
    const created = await api.post(
      '/v1/sessions',
      sessionBody({ express: { shipping_options: [HOME, PICKUP] } }, order),
    );
    expectRejected(created, 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    expect(created.body.error.errors).toEqual([
      expect.objectContaining({ path: 'order.shipping_option', message: 'not among express.shipping_options' }),
    ]);
    // the same combination through the payment-token and merchant-initiated creates
    const tokenSession = await api.post('/v1/sessions/payment-token', {
      session: {
        url: { return_url: 'https://merchant.example/return' },
        order: { currency: 'NOK', merchant_reference: 'token-ref', shipping_option: { ...EXPRESS_BOX, amount: 0 } },
        express: { shipping_options: [HOME] },
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    });
    expectRejected(tokenSession, 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    expect((await db().selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore);
    // the offered option is taken by both
    const offered = await api.post(
      '/v1/sessions',
      sessionBody({ express: { shipping_options: [HOME, EXPRESS_BOX] } }, order),
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const update = await put(offered.body.id, { order }, '?update_without_lock=true');
    expect(update.status, JSON.stringify(update.body)).toBe(200);
  });

  it('changing the currency is 400 CURRENCY_MISMATCH and changes nothing', async () => {
    const { id, body } = await createSession();
    const before = await stored(id);
    const res = await put(id, { order: { ...body.order, currency: 'SEK' } }, '?update_without_lock=true');
    expectRejected(res, 400, 'CURRENCY_MISMATCH');
    expect(await stored(id)).toEqual(before);
    // the same currency in lower case is not a change
    expect((await put(id, { order: { ...body.order, currency: 'nok' } }, '?update_without_lock=true')).status).toBe(
      200,
    );
  });
});

describe('the shipping address callback on update', () => {
  it("runs when the update does not set express.shipping_options: it gets the updated session, and its options replace the session's", async () => {
    const shipping = await startShippingService(answering({ shipping_options: [EXPRESS_BOX, PICKUP] }));
    try {
      const { id, body } = await createExpressSession({
        shipping_address_callback_url: shipping.url,
        shipping_options: [HOME],
      });
      await lock(id);
      const order = orderWith(body.order, { shipping_address: ADDRESS, shipping_option: EXPRESS_BOX });
      const res = await put(id, { order });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(shipping.received).toHaveLength(1);
      expect(shipping.received[0]).toMatchObject({
        method: 'POST',
        url: '/shipping',
        body: { id, order: { shipping_address: ADDRESS } },
      });
      const read = await api.get(`/v1/sessions/${id}`);
      expect(read.body.express).toEqual({
        shipping_address_callback_url: shipping.url,
        shipping_options: [EXPRESS_BOX, PICKUP],
      });
      expect(read.body.order).toEqual(order);
      expect((await lastEvent(id, 'UPDATE_SESSION')).details).toMatchObject({
        updated_order_result: { status: 'UPDATED' },
        updated_express_result: { status: 'UPDATED' },
      });
    } finally {
      await shipping.close();
    }
  });

  it('does not run when the update sets express.shipping_options', async () => {
    const shipping = await startShippingService(answering({ shipping_options: [EXPRESS_BOX] }));
    try {
      const { id, body } = await createExpressSession({
        shipping_address_callback_url: shipping.url,
        shipping_options: [HOME],
      });
      await lock(id);
      const express = { shipping_address_callback_url: shipping.url, shipping_options: [HOME, PICKUP] };
      const res = await put(id, {
        order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: PICKUP }),
        express,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(shipping.received).toHaveLength(0);
      expect((await api.get(`/v1/sessions/${id}`)).body.express).toEqual(express);
      // ...and an option only the callback would have offered is not available
      await lock(id);
      expectRejected(
        await put(id, {
          order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: EXPRESS_BOX }),
          express,
        }),
        400,
        'SHIPPING_OPTION_NOT_AVAILABLE',
      );
      expect(shipping.received).toHaveLength(0);
    } finally {
      await shipping.close();
    }
  });

  it("runs even when the update sets express.shipping_options with force_shipping_address_callback=true, and the callback's options win", async () => {
    const shipping = await startShippingService(answering({ shipping_options: [EXPRESS_BOX] }));
    try {
      const { id, body } = await createExpressSession({
        shipping_address_callback_url: shipping.url,
        shipping_options: [HOME],
      });
      await lock(id);
      const express = { shipping_address_callback_url: shipping.url, shipping_options: [HOME, PICKUP] };
      const res = await put(
        id,
        { order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: EXPRESS_BOX }), express },
        '?force_shipping_address_callback=true',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(shipping.received).toHaveLength(1);
      expect((await api.get(`/v1/sessions/${id}`)).body.express).toEqual({
        shipping_address_callback_url: shipping.url,
        shipping_options: [EXPRESS_BOX],
      });
    } finally {
      await shipping.close();
    }
  });

  const failures: [string, () => { status: number; body: string }][] = [
    ['answers 500', answering({ shipping_options: [HOME] }, 500)],
    ['answers 404', answering({}, 404)],
    ['answers something that is not JSON', answering('<html>oops</html>')],
    ['answers JSON without shipping_options', answering({ options: [HOME] })],
    ['answers shipping options of the wrong shape', answering({ shipping_options: [{ id: 'x', amount: -1 }] })],
  ];
  for (const [name, respond] of failures) {
    it(`a callback that ${name} is 502 EXPRESS_CALLBACK_FAILED and changes nothing`, async () => {
      const shipping = await startShippingService(respond);
      try {
        const { id, body } = await createExpressSession({
          shipping_address_callback_url: shipping.url,
          shipping_options: [HOME],
        });
        await lock(id);
        const before = await stored(id);
        const res = await put(id, {
          order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: HOME }),
        });
        expectRejected(res, 502, 'EXPRESS_CALLBACK_FAILED');
        expect(shipping.received).toHaveLength(1);
        expect(await stored(id)).toEqual(before);
      } finally {
        await shipping.close();
      }
    });
  }

  it('a callback that cannot be reached is 502 EXPRESS_CALLBACK_FAILED and changes nothing', async () => {
    const shipping = await startShippingService(answering({ shipping_options: [HOME] }));
    await shipping.close(); // nothing listens there any more
    const { id, body } = await createExpressSession({
      shipping_address_callback_url: shipping.url,
      shipping_options: [HOME],
    });
    await lock(id);
    const before = await stored(id);
    expectRejected(
      await put(id, { order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: HOME }) }),
      502,
      'EXPRESS_CALLBACK_FAILED',
    );
    expect(await stored(id)).toEqual(before);
  });
});

describe('remove_lock', () => {
  it('by default the update releases the lock (PAY_LOCK_END), and the session can then be paid', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    expectRejected(await customer.post(`/v1/sessions/${id}/pay`, payBody()), 400, 'SESSION_LOCKED');
    const res = await put(id, { order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: HOME }) });
    expect(res.status).toBe(200);
    expect(await eventNames(id)).toEqual(['INITIATED', 'PAY_LOCK_START', 'UPDATE_SESSION', 'PAY_LOCK_END']);
    expect(
      (await db().selectFrom('sessions').select('pay_lock_id').where('id', '=', id).executeTakeFirstOrThrow())
        .pay_lock_id,
    ).toBeNull();
    expect((await customer.get(`/v1/view/${id}/session`)).body).not.toHaveProperty('pay_lock');
    const paid = await customer.post(`/v1/sessions/${id}/pay`, payBody());
    expect(paid.status).toBe(200);
    expect(paid.body.success).toBe(true);
    expect((await api.get(`/v1/transactions/${paid.body.transaction_id}`)).body).toMatchObject({
      status: 'AUTHORIZED',
      amount: 10500,
      shipping_option: HOME,
    });
  });

  it('remove_lock=true releases the lock as the default does', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    expect(
      (
        await put(id, {
          order: orderWith(body.order, { shipping_address: ADDRESS, shipping_option: PICKUP }),
          remove_lock: true,
        })
      ).status,
    ).toBe(200);
    expect((await eventNames(id)).at(-1)).toBe('PAY_LOCK_END');
    expect((await customer.post(`/v1/sessions/${id}/pay`, payBody())).body.success).toBe(true);
  });

  it('remove_lock=false keeps the lock: paying is then 400 SESSION_LOCKED and stores no transaction, until an update releases it', async () => {
    const { id, body } = await createExpressSession();
    const payLockId = await lock(id);
    const order = orderWith(body.order, { shipping_address: ADDRESS, shipping_option: HOME });
    expect((await put(id, { order, remove_lock: false })).status).toBe(200);
    expect(await eventNames(id)).toEqual(['INITIATED', 'PAY_LOCK_START', 'UPDATE_SESSION']);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.body.pay_lock).toEqual({ pay_lock_id: payLockId });

    const before = await stored(id);
    expectRejected(await customer.post(`/v1/sessions/${id}/pay`, payBody()), 400, 'SESSION_LOCKED');
    expect(await db().selectFrom('transactions').select('id').where('session_id', '=', id).execute()).toEqual([]);
    expect(await stored(id)).toEqual(before);

    // still locked, so another update needs no update_without_lock; this one releases the lock
    expect((await put(id, { order })).status).toBe(200);
    expect((await customer.post(`/v1/sessions/${id}/pay`, payBody())).body.success).toBe(true);
  });
});

describe('a session that is over cannot be updated', () => {
  const over: [string, (id: string) => Promise<void>, string][] = [
    [
      'a paid session',
      async (id) => {
        expect((await customer.post(`/v1/sessions/${id}/pay`, payBody())).body.success).toBe(true);
      },
      'SESSION_ALREADY_PAID',
    ],
    [
      'a cancelled session',
      async (id) => {
        expect((await api.post(`/v1/sessions/${id}/cancel`)).status).toBe(200);
      },
      'SESSION_CANCELLED',
    ],
    [
      'an expired session',
      async (id) => {
        await db()
          .updateTable('sessions')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', id)
          .execute();
      },
      'SESSION_EXPIRED',
    ],
  ];
  for (const [name, makeOver, code] of over) {
    it(`${name} is 400 ${code}, even with update_without_lock=true, and nothing changes`, async () => {
      const { id, body } = await createSession();
      await makeOver(id);
      const before = await stored(id);
      const res = await put(
        id,
        { order: { ...body.order, amount: 7000, items: [{ line_id: '1', amount: 7000 }] } },
        '?update_without_lock=true',
      );
      expectRejected(res, 400, code);
      expect(await stored(id)).toEqual(before);
    });
  }

  it('a locked express session that expires can no longer be updated: 400 SESSION_EXPIRED', async () => {
    const { id, body } = await createExpressSession();
    await lock(id);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const before = await stored(id);
    expectRejected(await put(id, { order: orderWith(body.order, { shipping_option: HOME }) }), 400, 'SESSION_EXPIRED');
    expect(await stored(id)).toEqual(before);
  });
});

describe('bad update requests are refused and change nothing', () => {
  it("an unknown session, or another account's session, is 404 SESSION_NOT_FOUND", async () => {
    const { id, body } = await createSession();
    const before = await stored(id);
    expectRejected(
      await put('T10000001.zzzzzzzzzzzzzzzzzzzzzz', { order: body.order }, '?update_without_lock=true'),
      404,
      'SESSION_NOT_FOUND',
    );
    expectRejected(
      await put(
        id,
        { order: { ...body.order, amount: 7000, items: [{ line_id: '1', amount: 7000 }] } },
        '?update_without_lock=true',
        other,
      ),
      404,
      'SESSION_NOT_FOUND',
    );
    expect(await stored(id)).toEqual(before);
  });

  it('a body or query that does not match the schema is 400 INVALID_REQUEST', async () => {
    const { id, body } = await createSession();
    const before = await stored(id);
    const cases: [unknown, string][] = [
      [{}, '?update_without_lock=true'],
      [{ order: body.order, surprise: 1 }, '?update_without_lock=true'],
      [{ order: { ...body.order, amount: -1 } }, '?update_without_lock=true'],
      [{ order: { ...body.order, amount: 0 } }, '?update_without_lock=true'],
      [
        {
          order: {
            ...body.order,
            items: [
              { line_id: '1', amount: 5000 },
              { line_id: '1', amount: 5000 },
            ],
          },
        },
        '?update_without_lock=true',
      ],
      [{ order: body.order, remove_lock: 'no' }, '?update_without_lock=true'],
      [
        { order: body.order, express: { shipping_address_callback_url: 'ftp://shop.example/shipping' } },
        '?update_without_lock=true',
      ],
      [{ order: body.order }, '?update_without_lock=yes'],
      [{ order: body.order }, '?update_without_lock=true&force_shipping_address_callback=1'],
    ];
    for (const [update, query] of cases) {
      const res = await put(id, update, query);
      expect(res.status, JSON.stringify(update) + query).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(await stored(id)).toEqual(before);
  });

  it('without a token it is 401, and nothing changes', async () => {
    const { id, body } = await createSession();
    const before = await stored(id);
    const res = await put(id, { order: body.order }, '?update_without_lock=true', new ApiClient(srv.baseUrl));
    expect(res.status).toBe(401);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(await stored(id)).toEqual(before);
  });
});
