import { describe, expect, it } from 'vitest';
import { payWithCallback } from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';

/**
 * The callback worker polls every KASSA_CALLBACK_POLL_MS, but a payment or money operation that
 * queued a callback wakes it at once. With the poll set to its maximum (60 s, longer than these
 * tests wait), a callback can only arrive because of the wake.
 */
describe('a queued callback wakes the callback worker', () => {
  const env = { KASSA_CALLBACK_POLL_MS: '60000' };

  it('the authorization callback goes out without waiting for the next poll', async () => {
    const { srv, merchant, api } = await kassaForTest({ merchant: true, env });
    const paid = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb`);
    const [call] = await merchant.waitFor(1);
    expect(new URL(call!.url, merchant.url).searchParams.get('transaction_id')).toBe(paid.transactionId);
  });

  it('so does a capture the merchant asked to hear about (report_event=CAPTURE)', async () => {
    const { srv, merchant, api } = await kassaForTest({ merchant: true, env });
    const paid = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb?report_event=CAPTURE`);
    await merchant.waitFor(1);
    expect((await api.post(`/v1/transactions/${paid.transactionId}/capture`, { amount: 1000 })).status).toBe(200);
    const calls = await merchant.waitFor(2);
    expect(new URL(calls[1]!.url, merchant.url).searchParams.get('event')).toBe('CAPTURE');
  });
});
