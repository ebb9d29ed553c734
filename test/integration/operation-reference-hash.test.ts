import { describe, expect, it } from 'vitest';
import { cardTransaction, money, reference } from '../support/transaction-helpers';
import { useKassa } from '../support/fixtures';

const { srv, api, customer } = useKassa();

describe('capture_reference / refund_reference compare the canonical request', () => {
  it('the same capture with metadata keys in another order replays; a different body is REFERENCE_REUSED', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const ref = reference('cap');
    const first = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 3000,
      capture_reference: ref,
      metadata: { warehouse: 'oslo', box: '7' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = await money(srv, transactionId);
    const replay = await api.post(`/v1/transactions/${transactionId}/capture`, {
      metadata: { box: '7', warehouse: 'oslo' },
      capture_reference: ref,
      amount: 3000,
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.events.filter((e: { event: string }) => e.event === 'CAPTURE')).toHaveLength(1);
    expect(await money(srv, transactionId)).toEqual(afterFirst);

    const other = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 3000,
      capture_reference: ref,
      metadata: { warehouse: 'bergen', box: '7' },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('REFERENCE_REUSED');
    expect(await money(srv, transactionId)).toEqual(afterFirst);
  });

  it('the same refund with keys in another order replays', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    expect((await api.post(`/v1/transactions/${transactionId}/capture`, { amount: 10000 })).status).toBe(200);
    const ref = reference('ref');
    const first = await api.post(`/v1/transactions/${transactionId}/refund`, {
      amount: 1000,
      refund_reference: ref,
      reason: 'dent',
      metadata: { a: '1', b: '2' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await api.post(`/v1/transactions/${transactionId}/refund`, {
      metadata: { b: '2', a: '1' },
      reason: 'dent',
      refund_reference: ref,
      amount: 1000,
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect((await money(srv, transactionId)).refunded).toBe(1000);
  });
});
