import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../support/test-server';
import { useKassa } from '../support/fixtures';
import { SHOP, shoppingHelpers } from '../support/shopping';

const k = useKassa();
const { api } = k;
const { put, rowOf, newOrder } = shoppingHelpers(k);

const report = async (orderId: string, body: Record<string, unknown>) => {
  const res = await api.post(`${SHOP}/orders/${orderId}/events`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const stateOf = async (orderId: string) => (await api.get(`${SHOP}/orders/${orderId}`)).body.state;

describe('status events (POST /orders/{order_id}/events)', () => {
  it('appends a status event (state success by default) with id, stamps, version and request; the order version goes up', async () => {
    const order = await newOrder();
    const body = {
      service: 'warehouse',
      service_status: 'ready_for_pickup',
      description: 'Packed',
      metadata: { shelf: 'A3' },
    };
    const event = await report(order.order_id, body);
    expect(event).toEqual({
      ...body,
      state: 'success',
      id: expect.stringMatching(/^.{1,40}$/),
      created_at: expect.any(String),
      created_by: CLIENT_ID,
      version: 2,
      request: { path: `${SHOP}/orders/${order.order_id}/events`, method: 'POST', body: { ...body, state: 'success' } },
    });
    const read = (await api.get(`${SHOP}/orders/${order.order_id}`)).body;
    expect(read.version).toBe(2);
    expect(read.events.at(-1)).toEqual(event);
  });

  it('refuses a bad event (no service, unknown state, unknown field) with 400; an unknown order with 404; nothing changes', async () => {
    const order = await newOrder();
    const before = await rowOf(order.id);
    for (const body of [
      { service_status: 'x' },
      { service: 's' },
      { service: 's', service_status: 'x', state: 'done' },
      { service: 's', service_status: 'x', extra: 1 },
    ]) {
      expect((await api.post(`${SHOP}/orders/${order.order_id}/events`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const missing = await api.post(`${SHOP}/orders/nope/events`, { service: 's', service_status: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('ORDER_NOT_FOUND');
    expect(await rowOf(order.id)).toEqual(before);
  });
});

describe('the derived state', () => {
  it('is pending with no status events (api events carry no state)', async () => {
    const order = await newOrder();
    expect(order.state).toBe('pending');
    await put(`${SHOP}/orders/${order.order_id}`, { comment: 'x' });
    expect(await stateOf(order.order_id)).toBe('pending');
  });

  it('is success when the latest status of every service is success', async () => {
    const order = await newOrder();
    await report(order.order_id, { service: 'a', service_status: 'x', state: 'pending' });
    await report(order.order_id, { service: 'b', service_status: 'x' });
    expect(await stateOf(order.order_id)).toBe('pending');
    await report(order.order_id, { service: 'a', service_status: 'y', state: 'success' });
    expect(await stateOf(order.order_id)).toBe('success');
  });

  it('is pending when the latest status of any service is pending, even after a success', async () => {
    const order = await newOrder();
    await report(order.order_id, { service: 'a', service_status: 'x' });
    await report(order.order_id, { service: 'b', service_status: 'x' });
    await report(order.order_id, { service: 'b', service_status: 'y', state: 'pending' });
    expect(await stateOf(order.order_id)).toBe('pending');
  });

  it.each(['error', 'failure'])('is failure once any event reports %s, whatever comes later', async (state) => {
    const order = await newOrder();
    await report(order.order_id, { service: 'a', service_status: 'x', state });
    await report(order.order_id, { service: 'a', service_status: 'y', state: 'success' });
    await report(order.order_id, { service: 'b', service_status: 'y', state: 'pending' });
    expect(await stateOf(order.order_id)).toBe('failure');
  });
});

describe('include_events', () => {
  it('filters the events in GET, PUT and the list: true (default) all, false none, api-event, service-event; state uses all', async () => {
    const order = await newOrder();
    await report(order.order_id, { service: 'a', service_status: 'x', state: 'failure' });
    await put(`${SHOP}/orders/${order.order_id}`, { comment: 'z' });
    const kinds = (events: Record<string, unknown>[]) => events.map((e) => ('service' in e ? 'service' : 'api'));
    const get = async (q: string) => (await api.get(`${SHOP}/orders/${order.order_id}${q}`)).body;
    expect(kinds((await get('')).events)).toEqual(['api', 'service', 'api']);
    expect(kinds((await get('?include_events=true')).events)).toEqual(['api', 'service', 'api']);
    expect(await get('?include_events=false')).toMatchObject({ events: [], state: 'failure' });
    expect(kinds((await get('?include_events=api-event')).events)).toEqual(['api', 'api']);
    expect(kinds((await get('?include_events=service-event')).events)).toEqual(['service']);
    expect(kinds((await get('?include_events=api-event&include_events=service-event')).events)).toEqual([
      'api',
      'service',
      'api',
    ]);
    expect((await api.get(`${SHOP}/orders/${order.order_id}?include_events=maybe`)).status).toBe(400);
    const updated = await put(`${SHOP}/orders/${order.order_id}?include_events=service-event`, { comment: 'w' });
    expect(kinds(updated.body.events)).toEqual(['service']);
    const list = await api.get(`${SHOP}/orders?limit=100&include_events=false`);
    expect(list.body.every((o: { events: unknown[] }) => o.events.length === 0)).toBe(true);
  });
});
