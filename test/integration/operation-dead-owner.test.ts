import { describe, expect, it } from 'vitest';
import { ApiClient, sessionBody, type ApiResponse } from '../support/api-client';
import { useProcessCleanup, type SharedDatabase } from '../support/kassa-process';
import { startPaymentApp, type AppRequest, type AppReply } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 22, as the fault test saw it: a capture killed (kill -9) while its call was with the
 * payment app answered 409 IDEMPOTENCY_KEY_IN_PROGRESS for about 30 s after the restart, until the
 * operations worker took it over by age. The operation names its process (ADR 047): once the
 * heartbeat says that process is dead (10 s), the worker of the restarted one asks the app, books
 * what it did, and the retry with the same key answers it. Every 409 meanwhile carries Retry-After.
 */
const processes = useProcessCleanup();
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const pause = () => new Promise((r) => setTimeout(r, 200));
const start = (db: SharedDatabase) => processes.startKilledAfter(db);

describe(`a capture cut off by a killed process (${engine})`, () => {
  it('is booked once and answered to the retry with its key once the heartbeat says its process is dead', async () => {
    const db = processes.database();
    const first = await start(db);
    const api = await ApiClient.login(first.baseUrl);
    const secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    const app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
    processes.later(() => app.close());
    const applied = new Set<string>();
    app.reply = (r: AppRequest): AppReply => {
      if (r.method === 'authorize')
        return { json: { result: 'approved', provider_reference: `ref-${r.body.transaction_id}` } };
      if (r.method === 'status') return { json: { result: applied.has(r.body.operation_id) ? 'done' : 'unknown' } };
      applied.add(r.body.operation_id);
      return 'hang'; // applied, and the answer is still on its way when the process dies
    };
    const configured = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
      configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 30_000 } },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(204);
    const created = await api.post(
      '/v1/sessions',
      sessionBody(
        { configuration: { payment_app: { acme: { enabled: true } } } },
        { amount: 10000, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount: 10000, vat_amount: 0 }] },
      ),
    );
    const paid = await new ApiClient(first.baseUrl).post(`/v1/sessions/${created.body.id}/pay`, {
      payment: { payment_product_type: 'payment_app.acme' },
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    const tx = paid.body.transaction_id as string;

    const key = `killed-capture-${tx}`;
    const capture = (baseUrl: string, client: ApiClient) =>
      client.request('POST', `/v1/transactions/${tx}/capture`, { amount: 10000 }, { 'idempotency-key': key });
    const inFlight = capture(first.baseUrl, api).catch((e: unknown) => e);
    const deadline = Date.now() + WAIT_MS;
    while (app.of('capture').length === 0) {
      if (Date.now() > deadline) throw new Error('the capture never reached the app');
      await pause();
    }
    await first.kill('SIGKILL');
    expect(await inFlight).toBeInstanceOf(Error);

    const second = await start(db);
    const api2 = await ApiClient.login(second.baseUrl);
    let retried: ApiResponse;
    for (;;) {
      retried = await capture(second.baseUrl, api2);
      if (retried.status !== 409) break;
      expect(retried.body.error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
      expect(Number(retried.headers.get('retry-after'))).toBeGreaterThan(0);
      if (Date.now() > deadline + WAIT_MS) throw new Error(`still 409 after ${2 * WAIT_MS} ms`);
      await pause();
    }
    expect([retried.status, retried.body.status], JSON.stringify(retried.body)).toEqual([200, 'CAPTURED']);
    expect(retried.body.captured_amount ?? 10000).toBe(10000);
    expect(app.of('capture')).toHaveLength(1);
    const captures = (retried.body.events as { event: string; success: boolean }[]).filter(
      (e) => e.event === 'CAPTURE',
    );
    expect(captures).toMatchObject([{ success: true }]);
  });
});
