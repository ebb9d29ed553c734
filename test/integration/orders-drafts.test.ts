import { describe, expect, it } from 'vitest';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { api, db } = useKassa();

const put = (path: string, body?: unknown, headers?: Record<string, string>) => api.request('PUT', path, body, headers);
const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;
let seq = 0;
const uniqueId = (prefix = 'o') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

const item = (lineId: string, gross: number, extra: Record<string, unknown> = {}) => ({
  line_id: lineId,
  id: `sku-${lineId}`,
  description: `Item ${lineId}`,
  quantity: 1,
  gross_amount: gross,
  net_amount: Math.round(gross * 0.8),
  tax_lines: [{ amount: gross - Math.round(gross * 0.8), percentage: 25 }],
  ...extra,
});
const rowOf = (id: string) => db().selectFrom('shopping_orders').selectAll().where('id', '=', id).executeTakeFirst();
const countRows = async () => (await db().selectFrom('shopping_orders').select('id').execute()).length;

const draft = async (body: Record<string, unknown> = {}) => {
  const res = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const complete = async (draftId: string) => {
  const res = await put(`${SHOP}/draft_orders/${draftId}/complete`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0];
};

describe('drafts', () => {
  it('creates a draft with the fields given, no items, amounts 0 and version 1', async () => {
    const body = {
      currency: 'nok',
      customer: { customer_id: 'c1', email: 'kari@example.com' },
      shipping_address: {
        first_name: 'Kari',
        address_line: 'Gate 1',
        postal_code: '0150',
        postal_place: 'Oslo',
        country: 'NO',
      },
      metadata: { source: 'pos' },
    };
    const created = await draft(body);
    expect(created).toEqual({
      ...body,
      currency: 'NOK',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      items: [],
      gross_amount: 0,
      net_amount: 0,
      total_discount: 0,
      version: 1,
      created_at: expect.any(String),
      created_by: CLIENT_ID,
      updated_at: created.created_at,
    });
  });

  it('adds items one by one; amounts are the sums in minor units; version goes up', async () => {
    const d = await draft();
    let res = await api.post(`${SHOP}/draft_orders/${d.id}/items`, item('1', 10000));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    res = await api.post(
      `${SHOP}/draft_orders/${d.id}/items`,
      item('2', 2999, { discount_lines: [{ amount: 500, discount_id: 'd1' }] }),
    );
    expect(res.body.items.map((i: { line_id: string }) => i.line_id)).toEqual(['1', '2']);
    expect(res.body).toMatchObject({ gross_amount: 12999, net_amount: 8000 + 2399, total_discount: 500, version: 3 });
  });

  it('refuses an item whose line_id the draft has, or a bad item, and changes nothing', async () => {
    const d = await draft({ items: [item('1', 100)] });
    const before = await rowOf(d.id);
    for (const body of [
      item('1', 200),
      { line_id: '2' },
      { ...item('3', 100), gross_amount: 1.5 },
      { ...item('4', 100), quantity: -1 },
    ]) {
      const res = await api.post(`${SHOP}/draft_orders/${d.id}/items`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowOf(d.id)).toEqual(before);
  });

  it('refuses bad drafts (currency, unknown field, ttl under a day, comment over 255) and stores nothing', async () => {
    const before = await countRows();
    for (const body of [
      { currency: 'XXQ' },
      { currency: 'NOK', bogus: 1 },
      { currency: 'NOK', time_to_live: 86399 },
      { currency: 'NOK', comment: 'x'.repeat(256) },
      { currency: 'NOK', order_id: '' },
      { currency: 'NOK', order_id: 'x'.repeat(256) },
      {},
    ]) {
      const res = await api.post(`${SHOP}/draft_orders`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await countRows()).toBe(before);
  });

  it('adding to an unknown draft is 404 DRAFT_ORDER_NOT_FOUND', async () => {
    const res = await api.post(`${SHOP}/draft_orders/nope/items`, item('1', 100));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('DRAFT_ORDER_NOT_FOUND');
  });
});

describe('order amounts are exact sums, also past int32', () => {
  const BIG = 2_000_000_000;

  it('a draft, an added item and an order update whose items add up past 2147483647 are taken, with the exact sums', async () => {
    const lines = [{ amount: BIG, discount_id: 'd1' }];
    const d = await draft({ items: [item('1', BIG, { discount_lines: lines })] });
    const added = await api.post(`${SHOP}/draft_orders/${d.id}/items`, item('2', BIG, { discount_lines: lines }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const net = 2 * Math.round(BIG * 0.8);
    expect(added.body).toMatchObject({ gross_amount: 2 * BIG, net_amount: net, total_discount: 2 * BIG });
    const order = await complete(d.id);
    expect(order).toMatchObject({ gross_amount: 2 * BIG, total_discount: 2 * BIG });
    const three = [item('1', BIG), item('2', BIG), item('3', BIG)];
    const res = await put(`${SHOP}/orders/${order.order_id}`, { items: three });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ gross_amount: 3 * BIG, net_amount: 3 * Math.round(BIG * 0.8), total_discount: 0 });
    expect((await api.get(`${SHOP}/orders/${order.order_id}`)).body.gross_amount).toBe(3 * BIG);
  });

  it('a draft holds at most 1000 items, as an order does: adding one more is 400 and changes nothing', async () => {
    const full = Array.from({ length: 1000 }, (_, i) => ({ line_id: `l${i}`, gross_amount: 1 }));
    const d = await draft({ items: full });
    const before = await rowOf(d.id);
    const res = await api.post(`${SHOP}/draft_orders/${d.id}/items`, { line_id: 'one-more', gross_amount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.errors).toEqual([{ path: 'line_id', message: 'the draft is full (1000 items)' }]);
    expect(await rowOf(d.id)).toEqual(before);
  });
});

describe('completing a draft', () => {
  it('returns {orders: [order]} with order_id = the resource id, an order_number, open, pending, version 1 and one api event', async () => {
    const d = await draft({ items: [item('1', 10000), item('2', 5000)], comment: 'Leave at door' });
    const res = await put(`${SHOP}/draft_orders/${d.id}/complete`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(1);
    const order = res.body.orders[0];
    expect(order).toMatchObject({
      id: d.id,
      order_id: d.id,
      order_number: expect.stringMatching(/^\d+$/),
      currency: 'NOK',
      status: 'open',
      payment_status: 'pending',
      comment: 'Leave at door',
      gross_amount: 15000,
      net_amount: 12000,
      total_discount: 0,
      total_manual_discount_amount: 0,
      version: 1,
      state: 'pending',
      created_by: CLIENT_ID,
    });
    expect(order.events).toEqual([
      {
        id: expect.stringMatching(/^.{1,40}$/),
        created_at: order.updated_at,
        created_by: CLIENT_ID,
        version: 1,
        draft_id: d.id,
        request: { path: `${SHOP}/draft_orders/${d.id}/complete`, method: 'PUT', body: {} },
      },
    ]);
    expect((await api.get(`${SHOP}/orders/${d.id}`)).body).toEqual(order);
  });

  it('uses the order_id the draft was given; order numbers differ', async () => {
    const orderId = uniqueId();
    const a = await complete((await draft({ order_id: orderId, items: [item('1', 100)] })).id);
    const b = await complete((await draft({ items: [item('1', 100)] })).id);
    expect(a.order_id).toBe(orderId);
    expect(a.order_number).not.toBe(b.order_number);
    expect((await api.get(`${SHOP}/orders/${orderId}`)).body.id).toBe(a.id);
  });

  it('refuses a draft without items (400 DRAFT_ORDER_EMPTY), and an order_id that is taken (409); nothing changes', async () => {
    const empty = await draft();
    const before = await rowOf(empty.id);
    let res = await put(`${SHOP}/draft_orders/${empty.id}/complete`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('DRAFT_ORDER_EMPTY');
    expect(await rowOf(empty.id)).toEqual(before);

    const orderId = uniqueId();
    await complete((await draft({ order_id: orderId, items: [item('1', 100)] })).id);
    const second = await draft({ order_id: orderId, items: [item('1', 100)] });
    const secondBefore = await rowOf(second.id);
    res = await put(`${SHOP}/draft_orders/${second.id}/complete`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_ALREADY_EXISTS');
    expect(await rowOf(second.id)).toEqual(secondBefore);
  });

  it('a completed draft is no longer a draft: completing again or adding items is 404', async () => {
    const d = await draft({ items: [item('1', 100)] });
    await complete(d.id);
    expect((await put(`${SHOP}/draft_orders/${d.id}/complete`, {})).body.error.code).toBe('DRAFT_ORDER_NOT_FOUND');
    expect((await api.post(`${SHOP}/draft_orders/${d.id}/items`, item('2', 100))).body.error.code).toBe(
      'DRAFT_ORDER_NOT_FOUND',
    );
  });

  it('an item added while the draft is being completed answers from what it committed: never 404 when the item is in the order (nor on a retry)', async () => {
    // Whether the add commits before the completion is up to the scheduler (on SQLite most rounds
    // race; on PostgreSQL few): every round checks the answer against what was committed.
    for (let k = 0; k < 30; k++) {
      const d = await draft({ items: [item('1', 100)] });
      const key = uniqueId('idem');
      const [add, done] = await Promise.all([
        api.post(`${SHOP}/draft_orders/${d.id}/items`, item('late', 50), { 'idempotency-key': key }),
        put(`${SHOP}/draft_orders/${d.id}/complete`, {}),
      ]);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const order = await api.get(`${SHOP}/orders/${d.id}`);
      const committed = order.body.items.some((i: { line_id: string }) => i.line_id === 'late');
      if (!committed) {
        expect(add.body.error?.code, JSON.stringify(add.body)).toBe('DRAFT_ORDER_NOT_FOUND');
        continue;
      }
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      expect(add.body.items.map((i: { line_id: string }) => i.line_id)).toEqual(['1', 'late']);
      expect(add.body).toMatchObject({ id: d.id, version: 2, gross_amount: 150 });
      const retry = await api.post(`${SHOP}/draft_orders/${d.id}/items`, item('late', 50), { 'idempotency-key': key });
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    }
  });

  it('a draft is not an order: GET /orders/{draft id} is 404 ORDER_NOT_FOUND', async () => {
    const d = await draft({ items: [item('1', 100)] });
    const res = await api.get(`${SHOP}/orders/${d.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ORDER_NOT_FOUND');
  });

  it('a retried draft creation with the same Idempotency-Key creates one draft', async () => {
    const key = uniqueId('key');
    const before = await countRows();
    const a = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK' }, { 'idempotency-key': key });
    const b = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK' }, { 'idempotency-key': key });
    expect(b.body.id).toBe(a.body.id);
    expect(await countRows()).toBe(before + 1);
  });
});

describe('listing orders', () => {
  it('pages oldest first with limit and the paging_token header (starting_after also takes an order_id); drafts are not listed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await complete((await draft({ items: [item('1', 100 + i)] })).id)).order_id);
    await draft({ items: [item('1', 1)] });
    const all: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await api.get(`${SHOP}/orders?limit=2${cursor ? `&starting_after=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      all.push(...res.body.map((o: { order_id: string }) => o.order_id));
      cursor = res.headers.get('paging_token') ?? undefined;
      if (!cursor) break;
      expect(res.body).toHaveLength(2);
    }
    expect(all.slice(-3)).toEqual(ids);
    expect(new Set(all).size).toBe(all.length);
    const after = await api.get(`${SHOP}/orders?starting_after=${ids[0]}&limit=100`);
    expect(after.body.map((o: { order_id: string }) => o.order_id)).toEqual(ids.slice(1));
    expect((await api.get(`${SHOP}/orders?limit=0`)).status).toBe(400);
    expect((await api.get(`${SHOP}/orders?limit=101`)).status).toBe(400);
  });

  it("a paging_token names exactly its order, even when another order_id equals that order's id", async () => {
    const a = await complete((await draft({ order_id: uniqueId('cursor-a'), items: [item('1', 100)] })).id);
    const b = await complete((await draft({ order_id: a.id, items: [item('1', 100)] })).id); // B's order_id is A's resource id
    const c = await complete((await draft({ items: [item('1', 100)] })).id);
    const all = (await api.get(`${SHOP}/orders?limit=100`)).body.map((o: { order_id: string }) => o.order_id);
    const at = all.indexOf(a.order_id);
    const first = await api.get(`${SHOP}/orders?limit=${at + 1}`);
    expect(first.body.at(-1).order_id).toBe(a.order_id);
    const token = first.headers.get('paging_token')!;
    expect(token).toBe(`~kassa.${a.id}`);
    const next = await api.get(`${SHOP}/orders?limit=100&starting_after=${encodeURIComponent(token)}`);
    expect(next.body.map((o: { order_id: string }) => o.order_id)).toEqual([b.order_id, c.order_id]);
    const afterB = await api.get(`${SHOP}/orders?limit=100&starting_after=${encodeURIComponent(b.order_id)}`);
    expect(afterB.body.map((o: { order_id: string }) => o.order_id)).toEqual([c.order_id]);
  });
});
