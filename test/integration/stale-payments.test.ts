import { describe, expect, it, vi } from 'vitest';
import { recoverStalePayments } from '../../server/payments/attempt/recover-stale-payments';
import { ApiClient, payBody, sessionBody } from '../support/api-client';
import { asAnotherProcess } from '../support/another-process';
import { useKassa } from '../support/fixtures';

const { srv, api } = useKassa();

describe('a payment whose server died mid-way', () => {
  it('is closed as FAILED ABANDONED after two minutes, and the session can be paid again', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const sid = created.body.id as string;
    // the acquirer never answers: the attempt stays INITIATED and the session PAYING, as after a crash
    vi.spyOn(srv.kassa.ctx.providers.providerFor('sandbox.creditcard'), 'authorize').mockImplementationOnce(
      () => new Promise(() => undefined),
    );
    const abort = new AbortController();
    const hanging = fetch(`${srv.baseUrl}/v1/sessions/${sid}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payBody()),
      signal: abort.signal,
    }).catch(() => undefined);
    const db = srv.kassa.ctx.database.db;
    await expect
      .poll(
        async () =>
          (await db.selectFrom('transactions').select('status').where('session_id', '=', sid).execute()).length,
      )
      .toBe(1);
    expect((await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody())).body.error.code).toBe(
      'SESSION_PAYMENT_IN_PROGRESS',
    );

    // The restarted server's recovery (its request here still holds the attempt, ADR 047).
    const restarted = asAnotherProcess(srv.kassa.ctx);
    expect(await recoverStalePayments(restarted)).toBe(0); // not stale yet: nothing changes
    await db
      .updateTable('transactions')
      .set({ created_at: new Date(Date.now() - 180_000).toISOString() })
      .where('session_id', '=', sid)
      .execute();
    await recoverStalePayments(restarted);
    abort.abort();
    await hanging;

    const [stale] = await db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('session_id', '=', sid)
      .execute();
    expect(stale!.status).toBe('FAILED');
    const tx = await api.get(`/v1/transactions/${stale!.id}`);
    expect(tx.body.events.at(-1)).toMatchObject({ event: 'AUTHORIZE', success: false, error: { code: 'ABANDONED' } });
    const again = await new ApiClient(srv.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody());
    expect(again.body.success).toBe(true);
  });
});
