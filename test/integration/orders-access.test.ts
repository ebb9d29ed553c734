import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { clientWithScopes, OTHER, paidSession, useKassa } from '../support/fixtures';

const { srv, api, other, db } = useKassa({ other: true });

const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;
const OTHER_SHOP = `/v1/accounts/${OTHER.accountId}/shopping`;
const clientWith = (scopes: string[]) => clientWithScopes({ srv }, scopes);

/** Everything stored for the shopping area, to show a refused request changed nothing. */
const snapshot = async () => ({
  orders: await db().selectFrom('shopping_orders').selectAll().orderBy('id').execute(),
  numbers: await db().selectFrom('shopping_order_numbers').selectAll().orderBy('account_id').execute(),
});

let draftId: string;
let orderId: string;

beforeAll(async () => {
  const item = { line_id: '1', gross_amount: 100 };
  draftId = (await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [item] })).body.id;
  const d = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [item] });
  const done = await api.request('PUT', `${SHOP}/draft_orders/${d.body.id}/complete`, {});
  expect(done.status).toBe(200);
  orderId = done.body.orders[0].order_id;
});

/** Every operation of the area under `base`, on the test account's draft and order. */
const operations = (base: string): [string, string, string, unknown?][] => [
  ['create draft', 'POST', `${base}/draft_orders`, { currency: 'NOK' }],
  ['add item', 'POST', `${base}/draft_orders/${draftId}/items`, { line_id: '2', gross_amount: 5 }],
  ['complete', 'PUT', `${base}/draft_orders/${draftId}/complete`, {}],
  ['list', 'GET', `${base}/orders`],
  ['get', 'GET', `${base}/orders/${orderId}`],
  ['update', 'PUT', `${base}/orders/${orderId}`, { comment: 'hijack' }],
  ['event', 'POST', `${base}/orders/${orderId}/events`, { service: 's', service_status: 'x' }],
  ['events', 'GET', `${base}/orders/${orderId}/events`],
  ['close', 'POST', `${base}/orders/${orderId}/close`, {}],
  ['cancel', 'POST', `${base}/orders/${orderId}/cancel`, { cancelled_reason: 'other' }],
];

describe('another account', () => {
  it("gets 404 ACCOUNT_NOT_FOUND under this account's path, and nothing changes", async () => {
    const before = await snapshot();
    for (const [name, method, path, body] of operations(SHOP)) {
      const res = await other.request(method, path, body);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe('ACCOUNT_NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("does not find this account's draft or order under its own path (404), lists none of them, and changes nothing", async () => {
    const before = await snapshot();
    for (const [name, method, path, body] of operations(OTHER_SHOP).filter(
      ([n]) => !['create draft', 'list'].includes(n),
    )) {
      const res = await other.request(method, path, body);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe(
        path.includes('draft_orders') ? 'DRAFT_ORDER_NOT_FOUND' : 'ORDER_NOT_FOUND',
      );
    }
    expect((await other.get(`${OTHER_SHOP}/orders?limit=100`)).body).toEqual([]);
    expect((await other.get(`${OTHER_SHOP}/orders?starting_after=${orderId}`)).status).toBe(400); // as for an order that does not exist
    expect(await snapshot()).toEqual(before);
  });

  it('can use the same order_id for its own order', async () => {
    const d = await other.post(`${OTHER_SHOP}/draft_orders`, {
      currency: 'NOK',
      order_id: orderId,
      items: [{ line_id: '1', gross_amount: 1 }],
    });
    const res = await other.request('PUT', `${OTHER_SHOP}/draft_orders/${d.body.id}/complete`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders[0].order_number).toMatch(/^\d+$/);
    expect((await api.get(`${SHOP}/orders/${orderId}`)).body.comment).toBeUndefined();
  });
});

describe("another account's payments", () => {
  it('a session of another account with this order_id as merchant_reference does not pay this order', async () => {
    await paidSession(other, { order: { merchant_reference: orderId } });
    const read = (await api.get(`${SHOP}/orders/${orderId}`)).body;
    expect(read.payment_status).toBe('pending');
    expect(read.payment_details.remaining_authorization_amount).toBe(100);
  });
});

describe('scopes', () => {
  it('read:shopping reads but cannot write; nothing changes', async () => {
    const reader = await clientWith(['read:shopping']);
    const before = await snapshot();
    for (const [name, method, path, body] of operations(SHOP)) {
      const res = await reader.request(method, path, body);
      expect(res.status, name).toBe(method === 'GET' ? 200 : 403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a token without a shopping scope gets 403 on every operation', async () => {
    const stranger = await clientWith(['read:customers']);
    const before = await snapshot();
    for (const [name, method, path, body] of operations(SHOP)) {
      expect((await stranger.request(method, path, body)).status, name).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('write:shopping:/orders/ANY/events may only post events', async () => {
    const reporter = await clientWith(['write:shopping:/orders/ANY/events']);
    for (const [name, method, path, body] of operations(SHOP)) {
      const res = await reporter.request(method, path, body);
      expect(res.status, name).toBe(name === 'event' ? 200 : 403);
    }
  });
});
