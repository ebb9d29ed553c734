import { describe, expect, it } from 'vitest';
import * as m0019 from '../../server/db/migrations/0019-refunded-part-captures';
import { paidSession, useKassa } from '../support/fixtures';

/**
 * A part capture refunded in full is PARTIALLY_CAPTURED_REFUNDED, not REFUNDED, while the rest of
 * the authorization can still be captured: a merchant that takes REFUNDED as final would leave the
 * hold on the customer's card. Rows stored under the old rule are corrected by migration 0019.
 */
const { api, db } = useKassa();
const op = (txId: string, what: 'capture' | 'refund' | 'void', amount?: number) =>
  api.post(`/v1/transactions/${txId}/${what}`, amount === undefined ? undefined : { amount });

describe('a part capture refunded in full', () => {
  it('is PARTIALLY_CAPTURED_REFUNDED until nothing is left to capture', async () => {
    const { transactionId } = await paidSession(api, { order: { amount: 10_000 } });
    expect((await op(transactionId, 'capture', 8_000)).body.status).toBe('PARTIALLY_CAPTURED');
    expect((await op(transactionId, 'refund', 8_000)).body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect((await api.get(`/v1/transactions/${transactionId}`)).body.status).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect((await op(transactionId, 'capture', 2_000)).body.status).toBe('PARTIALLY_REFUNDED');
    expect((await op(transactionId, 'refund', 2_000)).body.status).toBe('REFUNDED');
  });

  it('and its void of the rest makes it REFUNDED', async () => {
    const { transactionId } = await paidSession(api, { order: { amount: 10_000 } });
    await op(transactionId, 'capture', 3_000);
    await op(transactionId, 'refund', 3_000);
    expect((await op(transactionId, 'void')).body.status).toBe('REFUNDED');
  });

  it('stored as REFUNDED by the old rule, is corrected by migration 0019; a refund of everything captured stays REFUNDED', async () => {
    const part = (await paidSession(api, { order: { amount: 10_000 } })).transactionId;
    await op(part, 'capture', 4_000);
    await op(part, 'refund', 4_000);
    const full = (await paidSession(api, { order: { amount: 10_000 } })).transactionId;
    await op(full, 'capture', 10_000);
    await op(full, 'refund', 10_000);
    await db().updateTable('transactions').set({ status: 'REFUNDED' }).where('id', '=', part).execute(); // as the old rule stored it
    await m0019.up(db() as never);
    const status = async (id: string) =>
      (await db().selectFrom('transactions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(part)).toBe('PARTIALLY_CAPTURED_REFUNDED');
    expect(await status(full)).toBe('REFUNDED');
  });
});
