import { describe, expect, it } from 'vitest';
import { paidSession, useKassa } from '../support/fixtures';

/**
 * A capture or refund item extends the order item: the units it names (`quantity`) stay within the
 * order line's quantity, over all captures (or refunds) of the line, and a refusal changes nothing.
 * The default order has line 1 (2 units, 60.00) and line 2 (1 unit, 40.00).
 */
const { api } = useKassa();
const op = (txId: string, what: 'capture' | 'refund', amount: number, items: unknown[]) =>
  api.post(`/v1/transactions/${txId}/${what}`, { amount, items });
const events = async (txId: string) =>
  ((await api.get(`/v1/transactions/${txId}`)).body.events as { event: string }[]).map((e) => e.event);

describe('item quantities on captures and refunds', () => {
  it("are refused past the order line's quantity, with nothing recorded", async () => {
    const { transactionId } = await paidSession(api);
    const before = await events(transactionId);
    const tooMany = await op(transactionId, 'capture', 100, [{ line_id: '1', quantity: 50, amount: 100 }]);
    expect(tooMany.status, JSON.stringify(tooMany.body)).toBe(400);
    expect(tooMany.body.error.code).toBe('INVALID_ITEMS');
    expect(tooMany.body.error.message).toMatch(/quantity 50/);
    expect(await events(transactionId)).toEqual(before);

    expect((await op(transactionId, 'capture', 3000, [{ line_id: '1', quantity: 1, amount: 3000 }])).status).toBe(200);
    expect((await op(transactionId, 'capture', 3000, [{ line_id: '1', quantity: 2, amount: 3000 }])).status).toBe(400); // 1 of 2 left
    expect(
      (
        await op(transactionId, 'capture', 7000, [
          { line_id: '1', quantity: 1, amount: 3000 },
          { line_id: '2', quantity: 1, amount: 4000 },
        ])
      ).body.status,
    ).toBe('CAPTURED');

    expect((await op(transactionId, 'refund', 100, [{ line_id: '1', quantity: 1, amount: 100 }])).status).toBe(200);
    const past = await op(transactionId, 'refund', 100, [{ line_id: '1', quantity: 5, amount: 100 }]);
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('INVALID_ITEMS');
    expect((await op(transactionId, 'refund', 100, [{ line_id: '1', quantity: 1, amount: 100 }])).status).toBe(200);
    expect((await op(transactionId, 'refund', 100, [{ line_id: '1', quantity: 1, amount: 100 }])).status).toBe(400); // both units refunded
  });

  it('concurrent captures of one line never name more units than it has', async () => {
    const { transactionId } = await paidSession(api);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        op(transactionId, 'capture', 1000, [{ line_id: '1', quantity: 1, amount: 1000 }]),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of answers.filter((a) => a.status !== 200)) expect(r.body.error.code).toBe('INVALID_ITEMS');
  });
});
