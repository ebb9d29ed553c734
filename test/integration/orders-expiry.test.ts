import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { SHOP, shoppingHelpers } from '../support/shopping';

const k = useKassa();
const { api, db } = k;
const { put, rowOf, newOrder } = shoppingHelpers(k);

const DAY = 86400;
const PAST = '2000-01-01T00:00:00.000Z';
const expireNow = (id: string) =>
  db().updateTable('shopping_orders').set({ expires_at: PAST }).where('id', '=', id).execute();

describe('time_to_live', () => {
  it('time_to_live_expires_at is the last modification plus the ttl, and moves with each change; none without a ttl', async () => {
    const order = await newOrder({ time_to_live: DAY });
    expect(Date.parse(order.time_to_live_expires_at)).toBe(Date.parse(order.updated_at) + DAY * 1000);
    const updated = (await put(`${SHOP}/orders/${order.order_id}`, { time_to_live: 2 * DAY })).body;
    expect(Date.parse(updated.time_to_live_expires_at)).toBe(Date.parse(updated.updated_at) + 2 * DAY * 1000);
    const evented = await api.post(`${SHOP}/orders/${order.order_id}/events`, { service: 's', service_status: 'x' });
    expect(Date.parse((await api.get(`${SHOP}/orders/${order.order_id}`)).body.time_to_live_expires_at)).toBe(
      Date.parse(evented.body.created_at) + 2 * DAY * 1000,
    );
    expect((await newOrder()).time_to_live_expires_at).toBeUndefined();
  });

  it('the background job empties an expired order except order_number, order_id, external_ids and timestamps', async () => {
    const externalIds = [{ id: 'erp-1', source: 'erp' }];
    const order = await newOrder({
      time_to_live: DAY,
      external_ids: externalIds,
      comment: 'secret',
      customer: { email: 'kari@example.com' },
    });
    const keep = await newOrder({ time_to_live: DAY, comment: 'kept' });
    const keepBefore = await rowOf(keep.id);
    await expireNow(order.id);
    await expect.poll(async () => (await rowOf(order.id))?.emptied_at).toBeTruthy();
    const read = await api.get(`${SHOP}/orders/${order.order_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: order.id,
      order_id: order.order_id,
      order_number: order.order_number,
      external_ids: externalIds,
      status: 'open',
      payment_status: 'pending',
      version: order.version + 1,
      events: [],
      state: 'pending',
      created_at: order.created_at,
      created_by: order.created_by,
      updated_at: order.updated_at,
      emptied_at: expect.any(String),
    });
    expect(await rowOf(keep.id)).toEqual(keepBefore);
  });

  it('an emptied order cannot be updated or get events (404) and stays as it is', async () => {
    const order = await newOrder({ time_to_live: DAY });
    await expireNow(order.id);
    await expect.poll(async () => (await rowOf(order.id))?.emptied_at).toBeTruthy();
    const before = await rowOf(order.id);
    expect((await put(`${SHOP}/orders/${order.order_id}`, { comment: 'again' })).status).toBe(404);
    expect(
      (await api.post(`${SHOP}/orders/${order.order_id}/events`, { service: 's', service_status: 'x' })).status,
    ).toBe(404);
    expect(await rowOf(order.id)).toEqual(before);
  });

  it('an expired draft is deleted', async () => {
    const d = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', time_to_live: DAY });
    expect(Date.parse((await rowOf(d.body.id))!.expires_at!)).toBe(Date.parse(d.body.updated_at) + DAY * 1000);
    await expireNow(d.body.id);
    await expect.poll(async () => await rowOf(d.body.id)).toBeUndefined();
    expect((await api.post(`${SHOP}/draft_orders/${d.body.id}/items`, { line_id: '1', gross_amount: 1 })).status).toBe(
      404,
    );
  });
});
