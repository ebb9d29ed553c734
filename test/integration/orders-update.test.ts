import { describe, expect, it } from 'vitest';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { api, db } = useKassa();

const put = (path: string, body?: unknown, headers?: Record<string, string>) => api.request('PUT', path, body, headers);
const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;
const item = (lineId: string, gross: number, extra: Record<string, unknown> = {}) => ({
  line_id: lineId,
  gross_amount: gross,
  net_amount: gross,
  quantity: 1,
  ...extra,
});
const rowOf = (id: string) => db().selectFrom('shopping_orders').selectAll().where('id', '=', id).executeTakeFirst();

const newOrder = async (body: Record<string, unknown> = {}) => {
  const d = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [item('1', 1000)], ...body });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  const res = await put(`${SHOP}/draft_orders/${d.body.id}/complete`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0];
};

const UPDATE = {
  customer: { customer_id: 'c-9', email: 'ola@example.com' },
  shipping_address: { first_name: 'Ola', address_line: 'Gate 2', postal_place: 'Bergen', country: 'NO' },
  billing_address: { first_name: 'Ola', address_line: 'Gate 3', postal_place: 'Bergen', country: 'NO' },
  metadata: { channel: 'app' },
  comment: 'c'.repeat(255),
  salesperson_id: 'sp-1',
  salesperson_name: 'Per',
  delivery_at: '2030-01-01T12:00:00Z',
  pickup_at: '2030-01-01T11:00:00Z',
  courier_id: 'courier-1',
  pre_order: true,
  time_to_live: 86400,
  itinerary: [{ travel_mode: 'train', route_id: 'R1' }],
  external_ids: [{ id: 'ext-1', source: 'erp', description: 'ERP order' }],
  items: [item('1', 700), item('2', 300, { discount_lines: [{ amount: 50 }] })],
};

describe('updating an order (PUT /orders/{order_id})', () => {
  it('sets every updatable field, recomputes the amounts, version + 1, appends an api event with the request, and GET reads it back', async () => {
    const order = await newOrder();
    const res = await put(`${SHOP}/orders/${order.order_id}`, UPDATE);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      ...UPDATE,
      id: order.id,
      order_id: order.order_id,
      order_number: order.order_number,
      gross_amount: 1000,
      net_amount: 1000,
      total_discount: 50,
      version: 2,
      status: 'open',
      payment_status: 'pending',
    });
    expect(Date.parse(res.body.time_to_live_expires_at) - Date.parse(res.body.updated_at)).toBe(86400 * 1000);
    expect(res.body.events).toHaveLength(2);
    expect(res.body.events[1]).toEqual({
      id: expect.any(String),
      created_at: res.body.updated_at,
      created_by: CLIENT_ID,
      version: 2,
      request: { path: `${SHOP}/orders/${order.order_id}`, method: 'PUT', body: UPDATE },
    });
    expect((await api.get(`${SHOP}/orders/${order.order_id}`)).body).toEqual(res.body);
  });

  it('fields left out stay; each update adds one to version', async () => {
    const order = await newOrder({ comment: 'first', metadata: { a: 1 } });
    await put(`${SHOP}/orders/${order.order_id}`, { salesperson_id: 'x' });
    const res = await put(`${SHOP}/orders/${order.order_id}`, { comment: 'second' });
    expect(res.body).toMatchObject({ comment: 'second', metadata: { a: 1 }, salesperson_id: 'x', version: 3 });
    expect(res.body.events.map((e: { version: number }) => e.version)).toEqual([1, 2, 3]);
  });

  it.each([
    ['items empty', { items: [] }],
    ['comment over 255', { comment: 'c'.repeat(256) }],
    ['time_to_live under 86400', { time_to_live: 86399 }],
    ['a field that is not updatable', { currency: 'SEK' }],
    ['status is read-only', { status: 'closed' }],
    ['delivery_at not a date-time', { delivery_at: 'tomorrow' }],
    ['an item without gross_amount', { items: [{ line_id: '1' }] }],
    ['an amount that is not an integer', { items: [item('1', 10.5)] }],
    ['an item amount out of int32 range (their sums may be larger)', { items: [item('1', 2_147_483_648)] }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const order = await newOrder();
    const before = await rowOf(order.id);
    const res = await put(`${SHOP}/orders/${order.order_id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await rowOf(order.id)).toEqual(before);
  });

  it('an unknown order is 404 ORDER_NOT_FOUND', async () => {
    const res = await put(`${SHOP}/orders/no-such-order`, { comment: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ORDER_NOT_FOUND');
  });
});

describe('optimistic concurrency: If-Match or version in the body', () => {
  it('an update with the stored version (If-Match, quoted or not, or body version) succeeds', async () => {
    const order = await newOrder();
    expect((await put(`${SHOP}/orders/${order.order_id}`, { comment: 'a' }, { 'if-match': '1' })).body.version).toBe(2);
    expect((await put(`${SHOP}/orders/${order.order_id}`, { comment: 'b' }, { 'if-match': '"2"' })).body.version).toBe(
      3,
    );
    expect((await put(`${SHOP}/orders/${order.order_id}`, { comment: 'c', version: 3 })).body).toMatchObject({
      comment: 'c',
      version: 4,
    });
  });

  it('a stale version is refused with 409 ORDER_VERSION_CONFLICT and changes nothing', async () => {
    const order = await newOrder();
    await put(`${SHOP}/orders/${order.order_id}`, { comment: 'v2' });
    const before = await rowOf(order.id);
    for (const [body, headers] of [
      [{ comment: 'stale' }, { 'if-match': '1' }],
      [{ comment: 'stale', version: 1 }, {}],
      [{ comment: 'stale', version: 2 }, { 'if-match': '1' }],
      [{ comment: 'stale', version: 1 }, { 'if-match': '2' }],
      [{ comment: 'future' }, { 'if-match': '3' }],
    ] as [Record<string, unknown>, Record<string, string>][]) {
      const res = await put(`${SHOP}/orders/${order.order_id}`, body, headers);
      expect(res.status, JSON.stringify([body, headers])).toBe(409);
      expect(res.body.error.code).toBe('ORDER_VERSION_CONFLICT');
    }
    expect(await rowOf(order.id)).toEqual(before);
    const bad = await put(`${SHOP}/orders/${order.order_id}`, { comment: 'x' }, { 'if-match': 'abc' });
    expect(bad.status).toBe(400);
    expect(await rowOf(order.id)).toEqual(before);
  });

  it('of two concurrent updates from the same version, exactly one wins', async () => {
    const order = await newOrder();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((c) => put(`${SHOP}/orders/${order.order_id}`, { comment: c }, { 'if-match': '1' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const stored = (await api.get(`${SHOP}/orders/${order.order_id}`)).body;
    expect(stored.version).toBe(2);
    expect(stored.events).toHaveLength(2);
  });
});
