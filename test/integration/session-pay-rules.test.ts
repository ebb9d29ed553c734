import { describe, expect, it } from 'vitest';
import { payBody, sessionBody, NORWEGIAN_ADDRESS } from '../support/api-client';
import { clockPast, createSession, useKassa } from '../support/fixtures';

const { srv, api, customer } = useKassa();

const db = () => srv.kassa.ctx.database.db;
const HOME = { id: 'home', line_id: 'shipping-home', amount: 500, title: 'Home delivery' };
const ADDRESS = NORWEGIAN_ADDRESS;

const pay = (id: string, headers: Record<string, string> = {}) =>
  customer.post(`/v1/sessions/${id}/pay`, payBody(), headers);
const expire = (id: string) =>
  db()
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();

/** Everything a refused payment could have touched: the session (with its events), its row, and its transactions. */
const stored = async (id: string) => ({
  session: (await api.get(`/v1/sessions/${id}`)).body,
  row: await db()
    .selectFrom('sessions')
    .select(['status', 'version', 'updated_at', 'transaction_id', 'pay_lock_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow(),
  transactions: await db()
    .selectFrom('transactions')
    .selectAll()
    .where('session_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute(),
});

const expectRejected = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};

describe('If-Unmodified-Since on POST /v1/sessions/{id}/pay', () => {
  it("the session's updated_at, as GET /v1/sessions/{id} returns it, is accepted", async () => {
    const { id } = await createSession(api);
    const { updated_at } = (await api.get(`/v1/sessions/${id}`)).body;
    const res = await pay(id, { 'if-unmodified-since': updated_at });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it("the session's updated_at in HTTP date form is accepted when the session was written on a whole second", async () => {
    const { id } = await createSession(api);
    const whole = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000).toISOString();
    await db().updateTable('sessions').set({ updated_at: whole }).where('id', '=', id).execute();
    const res = await pay(id, { 'if-unmodified-since': new Date(whole).toUTCString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it("the session's version, as the view (GET /v1/view/{id}/session) returns it, is accepted", async () => {
    const { id } = await createSession(api);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.body.version).toEqual(expect.any(String));
    const res = await pay(id, { 'if-unmodified-since': view.body.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it("the view's updated_at is the session's updated_at, and is accepted too", async () => {
    const { id } = await createSession(api);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.body.updated_at).toBe((await api.get(`/v1/sessions/${id}`)).body.updated_at);
    expect((await pay(id, { 'if-unmodified-since': view.body.updated_at })).body.success).toBe(true);
  });

  it('anything else is 412 with the error body, and nothing is stored', async () => {
    const { id } = await createSession(api);
    const { updated_at } = (await api.get(`/v1/sessions/${id}`)).body;
    const { version } = (await customer.get(`/v1/view/${id}/session`)).body;
    const before = await stored(id);
    const stale = [
      new Date(Date.parse(updated_at) - 1).toISOString(),
      new Date(Date.parse(updated_at) + 1000).toISOString(),
      new Date(Date.parse(updated_at) - 60_000).toUTCString(),
      String(Number(version) + 1),
      String(Number(version) - 1),
      '0',
      'yesterday',
      '',
    ];
    for (const value of stale) {
      const res = await pay(id, { 'if-unmodified-since': value });
      expectRejected(res, 412, 'PRECONDITION_FAILED');
    }
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('a value read before the merchant changed the session is 412; the new one is accepted', async () => {
    const { id, body } = await createSession(api);
    const old = (await api.get(`/v1/sessions/${id}`)).body.updated_at;
    const oldVersion = (await customer.get(`/v1/view/${id}/session`)).body.version;
    await clockPast(old); // the update gets a later updated_at
    const update = await api.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, {
      order: { ...body.order, amount: 6000, items: [{ line_id: '1', amount: 6000 }] },
    });
    expect(update.status).toBe(200);
    const before = await stored(id);
    expectRejected(await pay(id, { 'if-unmodified-since': old }), 412, 'PRECONDITION_FAILED');
    expectRejected(await pay(id, { 'if-unmodified-since': oldVersion }), 412, 'PRECONDITION_FAILED');
    expect(await stored(id)).toEqual(before);
    const fresh = await pay(id, { 'if-unmodified-since': update.body.updated_at });
    expect(fresh.body.success).toBe(true);
    expect((await api.get(`/v1/transactions/${fresh.body.transaction_id}`)).body.amount).toBe(6000);
  });

  it('without the header the payment is not conditional', async () => {
    const { id } = await createSession(api);
    expect((await pay(id)).body.success).toBe(true);
  });
});

describe('a session that cannot be paid is refused with a clear 400, and nothing is stored', () => {
  it('a locked session: 400 SESSION_LOCKED', async () => {
    const { id } = await createSession(api, { express: { shipping_options: [] } }, { shipping_address: ADDRESS });
    expect((await customer.post(`/v1/view/${id}/session/lock`)).status).toBe(200);
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SESSION_LOCKED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('a cancelled session: 400 SESSION_CANCELLED', async () => {
    const { id } = await createSession(api);
    expect((await api.post(`/v1/sessions/${id}/cancel`)).status).toBe(200);
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SESSION_CANCELLED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('an expired session: 400 SESSION_EXPIRED', async () => {
    const { id } = await createSession(api);
    await expire(id);
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SESSION_EXPIRED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('an already-paid session: 400 SESSION_ALREADY_PAID, and it keeps its one transaction', async () => {
    const { id } = await createSession(api);
    const first = await pay(id);
    expect(first.body.success).toBe(true);
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SESSION_ALREADY_PAID');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions.map((t) => t.id)).toEqual([first.body.transaction_id]);
  });

  it('the If-Unmodified-Since check does not let a refused session through: a paid session with its current version is still 400', async () => {
    const { id } = await createSession(api);
    await pay(id);
    const { updated_at } = (await api.get(`/v1/sessions/${id}`)).body;
    expectRejected(await pay(id, { 'if-unmodified-since': updated_at }), 400, 'SESSION_ALREADY_PAID');
  });

  it('an unknown session is 404 and a malformed id is 400', async () => {
    const before = (await db().selectFrom('transactions').select('id').execute()).length;
    expectRejected(await pay('T10000001.zzzzzzzzzzzzzzzzzzzzzz'), 404, 'SESSION_NOT_FOUND');
    expectRejected(await pay('nope'), 400, 'INVALID_REQUEST');
    expect((await db().selectFrom('transactions').select('id').execute()).length).toBe(before);
  });
});

describe('express sessions need a shipping address and, when shipping is offered, a shipping option', () => {
  it('without order.shipping_address: 400 SHIPPING_ADDRESS_REQUIRED', async () => {
    const { id } = await createSession(api, { express: { shipping_options: [HOME] } });
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SHIPPING_ADDRESS_REQUIRED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('with an address but no shipping option while express.shipping_options is not empty: 400 SHIPPING_OPTION_NOT_AVAILABLE', async () => {
    const { id } = await createSession(api, { express: { shipping_options: [HOME] } }, { shipping_address: ADDRESS });
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('with a shipping address callback URL, a shipping option is needed even when no options are listed yet', async () => {
    const { id } = await createSession(
      api,
      { express: { shipping_address_callback_url: 'https://shop.example/shipping' } },
      { shipping_address: ADDRESS },
    );
    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SHIPPING_OPTION_NOT_AVAILABLE');
    expect(await stored(id)).toEqual(before);
  });

  it('with an address and one of the offered options, the express session is paid', async () => {
    const { id } = await createSession(
      api,
      { express: { shipping_options: [HOME] } },
      { shipping_address: ADDRESS, shipping_option: HOME, amount: 10500 },
    );
    const res = await pay(id);
    expect(res.body.success).toBe(true);
    expect((await api.get(`/v1/transactions/${res.body.transaction_id}`)).body).toMatchObject({
      amount: 10500,
      shipping_option: HOME,
      shipping_address: ADDRESS,
    });
  });

  it('with an address and no shipping offered at all (empty options, no callback), no shipping option is needed', async () => {
    const { id } = await createSession(api, { express: { shipping_options: [] } }, { shipping_address: ADDRESS });
    expect((await pay(id)).body.success).toBe(true);
  });

  it('an ordinary (non-express) session needs neither', async () => {
    const { id } = await createSession(api);
    expect((await pay(id)).body.success).toBe(true);
  });
});

describe('expiry', () => {
  it('by default a session lives 24 hours (KASSA_SESSION_TTL_SECONDS)', async () => {
    const { id } = await createSession(api);
    const { created_at, expires_at } = (await api.get(`/v1/sessions/${id}`)).body;
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(86_400_000);
  });

  it('expires_at is honoured: the session can be opened until then; afterwards the view is 404 with cause EXPIRED, and it cannot be paid, updated or locked', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { id, body } = await createSession(
      api,
      { expires_at: expiresAt.toISOString(), express: { shipping_options: [] } },
      { shipping_address: ADDRESS },
    );
    expect((await api.get(`/v1/sessions/${id}`)).body.expires_at).toBe(expiresAt.toISOString());
    expect((await customer.get(`/v1/view/${id}/session`)).status).toBe(200);

    // its expires_at passes (moved into the past where it is stored: a short expiry would race a slow create)
    await expire(id);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({
      code: 'SESSION_NOT_AVAILABLE',
      cause: 'EXPIRED',
      message: expect.any(String),
      session_details: { merchant_reference: body.order.merchant_reference, return_url: body.url.return_url },
    });

    const before = await stored(id);
    expectRejected(await pay(id), 400, 'SESSION_EXPIRED');
    expectRejected(
      await api.request('PUT', `/v1/sessions/${id}?update_without_lock=true`, { order: body.order }),
      400,
      'SESSION_EXPIRED',
    );
    expectRejected(await customer.post(`/v1/view/${id}/session/lock`), 400, 'SESSION_EXPIRED');
    expect(await stored(id)).toEqual(before);
    expect(before.transactions).toEqual([]);
  });

  it('a session made to expire in the database answers the view with 404 cause EXPIRED', async () => {
    const { id } = await createSession(api);
    await expire(id);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error.cause).toBe('EXPIRED');
  });

  it('a paid session that passes expires_at still reads as AUTHORIZED, not EXPIRED', async () => {
    const { id } = await createSession(api);
    const paid = await pay(id);
    await expire(id);
    const view = await customer.get(`/v1/view/${id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({
      cause: 'AUTHORIZED',
      session_details: { transaction_id: paid.body.transaction_id },
    });
  });

  it('expires_at in the past, or not a date-time, is refused at creation', async () => {
    const before = (await db().selectFrom('sessions').select('id').execute()).length;
    for (const expires_at of [new Date(Date.now() - 1000).toISOString(), 'tomorrow', '2030-01-01']) {
      const res = await api.post('/v1/sessions', sessionBody({ expires_at }));
      expect(res.status, expires_at).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await db().selectFrom('sessions').select('id').execute()).length).toBe(before);
  });
});
