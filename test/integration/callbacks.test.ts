import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { payWithCallback as payToCallback, startMerchant } from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A server and a merchant endpoint (answering `respond(n)` to its n-th request) for this test only. */
const setup = (respond?: (n: number) => number, env?: Record<string, string>) =>
  kassaForTest({ merchant: respond ? (_cb, all) => respond(all.length) : true, env });
const payWithCallback = (srv: TestServer, api: ApiClient, callbackUrl: string) =>
  payToCallback(srv.baseUrl, api, callbackUrl);

const outbox = (srv: TestServer) => srv.kassa.ctx.database.db.selectFrom('outbox').selectAll().execute();

describe('merchant callbacks', () => {
  it('are retried after a 5xx, with a new event-delivery id but the same event_id each time', async () => {
    const { srv, merchant, api } = await setup((n) => (n < 3 ? 503 : 200));
    await payWithCallback(srv, api, `${merchant.url}/cb`);
    const calls = await merchant.waitFor(3);
    const deliveries = calls.map((c) => c.headers['event-delivery']);
    expect(new Set(deliveries).size).toBe(3);
    const eventIds = calls.map((c) => new URL(c.url, merchant.url).searchParams.get('event_id'));
    expect(new Set(eventIds).size).toBe(1);
    await expect.poll(async () => (await outbox(srv))[0]?.status).toBe('DELIVERED');
    const attempts = await srv.kassa.ctx.database.db
      .selectFrom('callback_attempts')
      .select(['attempt', 'status_code'])
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, status_code: 503 },
      { attempt: 2, status_code: 503 },
      { attempt: 3, status_code: 200 },
    ]);
  });

  it('stop after a 4xx, which is final', async () => {
    const { srv, merchant, api } = await setup(() => 410);
    await payWithCallback(srv, api, `${merchant.url}/cb`);
    await merchant.waitFor(1);
    await expect.poll(async () => (await outbox(srv))[0]?.status).toBe('FAILED');
    await new Promise((r) => setTimeout(r, 300));
    expect(merchant.received).toHaveLength(1);
  });

  it('are retried when the merchant is unreachable', async () => {
    const { srv, api } = await setup();
    await payWithCallback(srv, api, 'http://127.0.0.1:9/unreachable');
    await expect.poll(async () => (await outbox(srv))[0]?.attempts).toBeGreaterThanOrEqual(2);
    const [row] = await outbox(srv);
    expect(row).toMatchObject({ status: 'PENDING', last_status_code: null });
    expect(row!.last_error).toBeTruthy();
  });

  it('use POST with the transaction as JSON when the URL says method=POST, and sid with sid_parameter_name=sid', async () => {
    const { srv, merchant, api } = await setup();
    const { sessionId, transactionId } = await payWithCallback(
      srv,
      api,
      `${merchant.url}/cb?method=POST&sid_parameter_name=sid`,
    );
    const [cb] = await merchant.waitFor(1);
    expect(cb!.method).toBe('POST');
    const url = new URL(cb!.url, merchant.url);
    expect(url.searchParams.get('sid')).toBe(sessionId);
    expect(url.searchParams.has('session_id')).toBe(false);
    expect(JSON.parse(cb!.body)).toMatchObject({ id: transactionId, status: 'AUTHORIZED' });
    expect(cb!.headers['content-type']).toBe('application/json');
  });

  it('honour delay_callback', async () => {
    const { srv, merchant, api } = await setup();
    const started = Date.now();
    await payWithCallback(srv, api, `${merchant.url}/cb?delay_callback=1`);
    await merchant.waitFor(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('are not signed before a signing secret exists', async () => {
    const { srv, merchant, api } = await setup();
    await payWithCallback(srv, api, `${merchant.url}/cb`);
    const [cb] = await merchant.waitFor(1);
    expect(cb!.headers['kassa-signature']).toBeUndefined();
  });

  it('pending callbacks survive a restart of the server', async () => {
    // first server: the merchant is down (connection refused), so the callback stays pending
    const first = await startTestServer({ env: { KASSA_CALLBACK_RETRY_BASE_MS: '100000' } });
    const api = await ApiClient.login(first.baseUrl);
    const merchant = await startMerchant();
    cleanup.push(() => merchant.close());
    const port = new URL(merchant.url).port;
    await merchant.close();
    const { transactionId } = await payWithCallback(first, api, `http://127.0.0.1:${port}/cb`);
    await expect.poll(async () => (await outbox(first))[0]?.attempts).toBe(1);
    await first.stop();

    // the merchant comes back on the same port; the restarted server delivers
    const http = await import('node:http');
    const got: string[] = [];
    const again = http.createServer((req, res) => {
      got.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((r) => again.listen(Number(port), '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => again.close(() => r())));
    const second = await startTestServer({ dataDir: first.dataDir, pgSchema: first.pgSchema });
    cleanup.push(() => second.stop());
    await second.kassa.ctx.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute();
    await expect.poll(() => got.length).toBe(1);
    expect(new URL(got[0]!, 'http://x').searchParams.get('transaction_id')).toBe(transactionId);
  });
});
