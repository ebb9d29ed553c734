import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '../support/test-server';
import { useKassa } from '../support/fixtures';
import { SHOP, shoppingHelpers } from '../support/shopping';

const k = useKassa();
const { api } = k;
const { rowOf, newOrder } = shoppingHelpers(k);

describe('closing and cancelling an order', () => {
  it('close: status closed, closed_at and closed_by, version + 1 and an api event', async () => {
    const order = await newOrder();
    const res = await api.post(`${SHOP}/orders/${order.order_id}/close`, { closed_by: 'x'.repeat(40) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'closed',
      closed_by: 'x'.repeat(40),
      closed_at: res.body.updated_at,
      version: 2,
    });
    expect(res.body.events.at(-1)).toMatchObject({
      version: 2,
      created_by: CLIENT_ID,
      request: { path: `${SHOP}/orders/${order.order_id}/close`, method: 'POST', body: { closed_by: 'x'.repeat(40) } },
    });
    expect((await api.get(`${SHOP}/orders/${order.order_id}`)).body).toEqual(res.body);
  });

  it('cancel: status cancelled with cancelled_reason, cancelled_at and cancelled_by', async () => {
    const order = await newOrder();
    const res = await api.post(`${SHOP}/orders/${order.order_id}/cancel`, {
      cancelled_reason: 'customer',
      cancelled_by: 'kari',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancelled_reason: 'customer',
      cancelled_by: 'kari',
      cancelled_at: res.body.updated_at,
      version: 2,
    });
  });

  it('refuses closed_by or cancelled_by over 40 characters, an unknown reason, and a second close or cancel (409 ORDER_NOT_OPEN); nothing changes', async () => {
    const order = await newOrder();
    const before = await rowOf(order.id);
    for (const [path, body] of [
      ['close', { closed_by: 'x'.repeat(41) }],
      ['cancel', { cancelled_reason: 'customer', cancelled_by: 'x'.repeat(41) }],
      ['cancel', { cancelled_reason: 'bored' }],
      ['cancel', {}],
    ] as const) {
      expect((await api.post(`${SHOP}/orders/${order.order_id}/${path}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowOf(order.id)).toEqual(before);
    expect((await api.post(`${SHOP}/orders/${order.order_id}/close`, {})).status).toBe(200);
    const closed = await rowOf(order.id);
    for (const [path, body] of [
      ['close', {}],
      ['cancel', { cancelled_reason: 'other' }],
    ] as const) {
      const res = await api.post(`${SHOP}/orders/${order.order_id}/${path}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('ORDER_NOT_OPEN');
    }
    expect(await rowOf(order.id)).toEqual(closed);
  });
});

describe('GET /orders/{order_id}/events', () => {
  it('returns the events (filtered by include_events) and the state from all of them', async () => {
    const order = await newOrder();
    await api.post(`${SHOP}/orders/${order.order_id}/events`, { service: 'a', service_status: 'x', state: 'pending' });
    const all = (await api.get(`${SHOP}/orders/${order.order_id}/events`)).body;
    expect(all.state).toBe('pending');
    expect(all.events).toHaveLength(2);
    expect((await api.get(`${SHOP}/orders/${order.order_id}/events?include_events=api-event`)).body).toEqual({
      events: [all.events[0]],
      state: 'pending',
    });
    expect((await api.get(`${SHOP}/orders/nope/events`)).status).toBe(404);
  });
});
