import { describe, expect, it } from 'vitest';
import { ApiClient, DECLINE_CARD, payBody, sessionBody } from '../support/api-client';
import { kassaForTest } from '../support/fixtures';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 38 item 2 (ADR 050): an authorization whose answer is lost after the acquirer authorized (the sandbox's
 * `silent_authorize`: it decides, keeps its decision, and the answer never comes, as a timeout looks). Before, the
 * attempt was FAILED at once (`PROVIDER_ERROR`; the shopper was charged while Kassa said failed) and the recovery
 * closed it as ABANDONED without asking. Now the shopper's page is told the payment is being confirmed, the attempt
 * stays INITIATED, and the recovery asks the acquirer and records what it holds: AUTHORIZED with one event and one
 * merchant callback.
 */
const silentSandbox = async (api: ApiClient) => {
  const res = await api.request('PUT', '/v1/admin/gateways/sandbox', {
    configuration: { sandbox: { silent_authorize: true } },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

describe('an authorization whose answer is lost after the acquirer authorized', () => {
  it('is being confirmed, never failed; the recovery finds it AUTHORIZED in its first asks and the merchant is called back once', async () => {
    const { srv, merchant, api } = await kassaForTest({ merchant: true });
    await silentSandbox(api);
    const created = await api.post(
      '/v1/sessions',
      sessionBody({ url: { return_url: 'https://shop.example/r', callback_url: `${merchant.url}/cb` } }),
    );
    const sid = created.body.id as string;
    const paid = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // the shopper's page goes back to itself and shows the payment being confirmed
    expect(paid.body).toMatchObject({ success: true, actions: [{ code: 'PAYMENT_CONFIRMING' }] });
    expect(paid.body.redirect_url).toContain(`sid=${sid}`);
    expect(paid.body.error_details).toBeUndefined();
    const txId = paid.body.transaction_id as string;
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${sid}/session`);
    expect([view.status, view.body.error?.cause]).toEqual([404, 'PAYMENT_INITIATED']);

    // the recovery (the server's own worker) asks the sandbox, which authorized it
    await expect
      .poll(async () => (await api.get(`/v1/transactions/${txId}`)).body.status, { timeout: WAIT_MS })
      .toBe('AUTHORIZED');
    const tx = (await api.get(`/v1/transactions/${txId}`)).body;
    const authorizes = tx.events.filter((e: { event: string }) => e.event === 'AUTHORIZE');
    expect(authorizes).toEqual([expect.objectContaining({ success: true, created_by: 'system' })]);
    const row = await srv.kassa.ctx.database.db
      .selectFrom('transactions')
      .select('confirm_asks')
      .where('id', '=', txId)
      .executeTakeFirstOrThrow();
    expect(row.confirm_asks).toBe(0); // found at its first ask
    expect((await api.get(`/v1/sessions/${sid}`)).body.events.map((e: { name: string }) => e.name)).toContain(
      'AUTHORIZED',
    );
    const [callback] = await merchant.waitFor((all) => all.some((c) => c.query.get('transaction_id') === txId));
    expect(callback!.query.get('transaction_id')).toBe(txId);
    // exactly one callback for the one change, however long we look after the outbox emptied
    await expect.poll(async () => (await api.get(`/v1/transactions/${txId}`)).body.status).toBe('AUTHORIZED');
    expect(merchant.received.filter((c) => c.query.get('transaction_id') === txId)).toHaveLength(1);
    // and the shopper cannot pay it twice
    const again = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody());
    expect(again.body.error?.code).toBe('SESSION_ALREADY_PAID');
  });

  it('a decline whose answer is lost: being confirmed, then closed as the acquirer declined it, and payable again', async () => {
    const { srv, api } = await kassaForTest({ merchant: true });
    await silentSandbox(api);
    const created = await api.post('/v1/sessions', sessionBody());
    const sid = created.body.id as string;
    const shopper = new ApiClient(srv.baseUrl);
    const paid = await shopper.post(`/v1/sessions/${sid}/pay`, payBody(DECLINE_CARD));
    expect(paid.body).toMatchObject({ success: true, actions: [{ code: 'PAYMENT_CONFIRMING' }] });
    const txId = paid.body.transaction_id as string;
    await expect
      .poll(async () => (await api.get(`/v1/transactions/${txId}`)).body.status, { timeout: WAIT_MS })
      .toBe('DECLINED');
    const events = (await api.get(`/v1/transactions/${txId}`)).body.events;
    expect(events.filter((e: { event: string }) => e.event === 'AUTHORIZE')).toEqual([
      expect.objectContaining({ success: false, error: expect.objectContaining({ code: 'card_declined' }) }),
    ]);
    expect((await shopper.get(`/v1/view/${sid}/session`)).status).toBe(200); // payable again
  });
});
