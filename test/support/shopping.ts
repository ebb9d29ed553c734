import { expect } from 'vitest';
import type { KassaFixture } from './fixtures';
import { ACCOUNT } from './test-server';

/** Helpers of the shopping orders tests (test/integration/orders-*.test.ts). */

export const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;

export const shoppingHelpers = ({ api, db }: Pick<KassaFixture, 'api' | 'db'>) => {
  const put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    api.request('PUT', path, body, headers);
  return {
    put,
    rowOf: (id: string) => db().selectFrom('shopping_orders').selectAll().where('id', '=', id).executeTakeFirst(),
    /** A completed order: a draft of one 1000 NOK line (with `body` added) that is completed. */
    newOrder: async (body: Record<string, unknown> = {}) => {
      const d = await api.post(`${SHOP}/draft_orders`, {
        currency: 'NOK',
        items: [{ line_id: '1', gross_amount: 1000 }],
        ...body,
      });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      const res = await put(`${SHOP}/draft_orders/${d.body.id}/complete`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.orders[0];
    },
  };
};
