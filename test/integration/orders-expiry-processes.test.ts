/**
 * Two real server processes on one database (SQLite file or PostgreSQL schema), both running the
 * order expiry job every 20 ms, while many orders expire at the same moment: every expired order is
 * emptied exactly once (version + 1, not + 2), none is lost, and the orders that did not expire,
 * updated meanwhile through both processes, keep every change.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { useTwoProcesses } from '../support/kassa-process';
import { SHOP } from '../support/shopping';

const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const EXPIRING = 60;
const KEPT = 10;
const two = useTwoProcesses();
const { procs } = two;

const newOrder = async (api: ApiClient, i: number) => {
  const d = await api.post(`${SHOP}/draft_orders`, {
    currency: 'NOK',
    time_to_live: 86400,
    external_ids: [{ id: `ext-${i}` }],
    comment: `order ${i}`,
    items: [{ line_id: '1', gross_amount: 100 + i }],
  });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  const res = await api.request('PUT', `${SHOP}/draft_orders/${d.body.id}/complete`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders[0] as { id: string; order_id: string; order_number: string; version: number };
};

describe(`order expiry with two server processes on ${ENGINE}`, () => {
  it('empties every expired order exactly once and loses no concurrent update of the others', async () => {
    const apis = await Promise.all(procs.map((p) => ApiClient.login(p.baseUrl)));
    const expiring = await Promise.all(Array.from({ length: EXPIRING }, (_, i) => newOrder(apis[i % 2]!, i)));
    const kept = await Promise.all(Array.from({ length: KEPT }, (_, i) => newOrder(apis[i % 2]!, EXPIRING + i)));
    const db = two.reader.db;
    const ids = expiring.map((o) => o.id);
    await db
      .updateTable('shopping_orders')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', 'in', ids)
      .execute();

    // While both processes empty the expired ones, each kept order gets 3 updates through both processes.
    const updates = kept.flatMap((o) =>
      [0, 1, 2].map((n) => apis[n % 2]!.request('PUT', `${SHOP}/orders/${o.order_id}`, { comment: `update ${n}` })),
    );
    expect((await Promise.all(updates)).every((r) => r.status === 200)).toBe(true);

    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('shopping_orders')
              .select('id')
              .where('id', 'in', ids)
              .where('emptied_at', 'is not', null)
              .execute()
          ).length,
        { interval: 50 },
      )
      .toBe(EXPIRING);
    const rows = await db.selectFrom('shopping_orders').selectAll().where('id', 'in', ids).execute();
    for (const o of expiring) {
      const row = rows.find((r) => r.id === o.id)!;
      expect(row.version, o.order_id).toBe(o.version + 1);
      expect([row.order_id, row.order_number, row.events, row.expires_at]).toEqual([
        o.order_id,
        o.order_number,
        '[]',
        null,
      ]);
      expect(JSON.parse(row.data)).toEqual({ external_ids: [{ id: `ext-${expiring.indexOf(o)}` }] });
    }
    for (const o of kept) {
      const read = (await apis[0]!.get(`${SHOP}/orders/${o.order_id}`)).body;
      expect(read.emptied_at).toBeUndefined();
      expect(read.version).toBe(o.version + 3);
      expect(read.events).toHaveLength(4);
      expect(read.items).toHaveLength(1);
    }
  });
});
