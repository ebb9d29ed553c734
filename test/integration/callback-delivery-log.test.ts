import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { payWithCallback, sleep, type Respond } from '../support/callback-helpers';
import { kassaForTest } from '../support/fixtures';

/** A server and a merchant endpoint for this test only (stopped when it finishes). */
const setup = (respond?: Respond, env?: Record<string, string>) => kassaForTest({ merchant: respond ?? true, env });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /v1/admin/callbacks', () => {
  it('lists each callback with its status and every attempt (number, event-delivery, start, status code, latency, error), filtered by session or transaction', async () => {
    const { srv, merchant, api } = await setup((_cb, all) => (all.length <= 2 ? 503 : 200));
    const a = await payWithCallback(srv.baseUrl, api, `${merchant.url}/a?report_event=CAPTURE`);
    await merchant.waitFor((r) => r.some((c) => c.status === 200));
    await api.post(`/v1/transactions/${a.transactionId}/capture`, { amount: 1000 });
    const b = await payWithCallback(srv.baseUrl, api, 'http://127.0.0.1:9/refused');
    await expect
      .poll(async () =>
        (await api.get(`/v1/admin/callbacks?transaction_id=${a.transactionId}`)).body.map(
          (c: { status: string }) => c.status,
        ),
      )
      .toEqual(['DELIVERED', 'DELIVERED']);

    const byTx = await api.get(`/v1/admin/callbacks?transaction_id=${a.transactionId}`);
    expect(byTx.status).toBe(200);
    const [capture, authorize] = byTx.body; // newest first
    expect(authorize).toMatchObject({
      id: expect.stringMatching(UUID),
      session_id: a.sessionId,
      transaction_id: a.transactionId,
      event: 'AUTHORIZE',
      url: `${merchant.url}/a?report_event=CAPTURE`,
      method: 'GET',
      status: 'DELIVERED',
      attempt_count: 3,
      last_status_code: 200,
      last_error: null,
    });
    expect(authorize.next_attempt_at).toBeUndefined();
    expect(authorize.attempts.map((t: { attempt: number; status_code: number }) => [t.attempt, t.status_code])).toEqual(
      [
        [1, 503],
        [2, 503],
        [3, 200],
      ],
    );
    const sentDeliveries = merchant.received
      .filter((c) => c.query.get('transaction_id') === a.transactionId && !c.query.get('event'))
      .map((c) => c.headers['event-delivery']);
    expect(authorize.attempts.map((t: { event_delivery: string }) => t.event_delivery)).toEqual(sentDeliveries);
    for (const t of authorize.attempts) {
      expect(t.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(t.latency_ms).toBeGreaterThanOrEqual(0);
      expect(t.error).toBeNull();
    }
    expect(authorize.event_id).toBe(merchant.received[0]!.query.get('event_id'));
    expect(capture).toMatchObject({ event: 'CAPTURE', status: 'DELIVERED', attempt_count: 1 });

    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?session_id=${b.sessionId}`)).body[0]?.attempt_count)
      .toBeGreaterThanOrEqual(1);
    const bySession = (await api.get(`/v1/admin/callbacks?session_id=${b.sessionId}`)).body;
    expect(bySession).toHaveLength(1);
    expect(bySession[0]).toMatchObject({
      transaction_id: b.transactionId,
      status: 'PENDING',
      next_attempt_at: expect.any(String),
      last_status_code: null,
      last_error: 'ECONNREFUSED',
    });
    expect(bySession[0].attempts[0]).toMatchObject({ attempt: 1, status_code: null, error: 'ECONNREFUSED' });

    const all = (await api.get('/v1/admin/callbacks?limit=100')).body;
    expect(all.map((c: { id: string }) => c.id).sort()).toEqual(
      [...bySession, ...byTx.body].map((c: { id: string }) => c.id).sort(),
    );
  });

  it('pages with limit and starting_after: every callback exactly once, newest first', async () => {
    const { srv, merchant, api } = await setup();
    for (let i = 0; i < 5; i++) await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb?i=${i}`);
    const full = (await api.get('/v1/admin/callbacks?limit=100')).body.map((c: { id: string }) => c.id);
    expect(full).toHaveLength(5);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = (await api.get(`/v1/admin/callbacks?limit=2${after ? `&starting_after=${after}` : ''}`)).body as {
        id: string;
      }[];
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((c) => c.id));
      after = page.at(-1)!.id;
    }
    expect(seen).toEqual(full);
    const urls = (await api.get('/v1/admin/callbacks?limit=100')).body.map((c: { url: string }) =>
      new URL(c.url).searchParams.get('i'),
    );
    expect(urls).toEqual(['4', '3', '2', '1', '0']);
    expect((await api.get('/v1/admin/callbacks')).body).toHaveLength(5); // default limit 10
    const bad = await api.get('/v1/admin/callbacks?starting_after=00000000-0000-0000-0000-000000000000');
    expect(bad.status).toBe(400);
    expect((await api.get('/v1/admin/callbacks?limit=0')).status).toBe(400);
  });

  it("takes an API key, needs credentials, and shows only the account's own callbacks", async () => {
    const { srv, merchant, api } = await setup();
    await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb`);
    const key = await api.post('/v1/admin/api-keys', { name: 'log reader' });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    const viaKey = await new ApiClient(srv.baseUrl).get('/v1/admin/callbacks', { 'x-api-key': key.body.api_key });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body).toHaveLength(1);
    expect((await new ApiClient(srv.baseUrl).get('/v1/admin/callbacks')).status).toBe(401);

    const { ensureAccountClient } = await import('../../server/accounts/ensure-account-client');
    await ensureAccountClient(srv.kassa.ctx.database, {
      accountId: 'T20000002',
      accountName: 'Other',
      clientId: 'other-client',
      clientSecret: 'other-secret-0123456789',
    });
    const other = await ApiClient.login(srv.baseUrl, 'T20000002', 'other-client', 'other-secret-0123456789');
    expect((await other.get('/v1/admin/callbacks')).body).toEqual([]);
    const id = (await api.get('/v1/admin/callbacks')).body[0].id;
    expect((await other.post(`/v1/admin/callbacks/${id}/retry`)).status).toBe(404);
  });
});

describe('POST /v1/admin/callbacks/{id}/retry', () => {
  it('delivers a FAILED callback again: PENDING, due now, same event_id, a new event-delivery, attempt numbers go on', async () => {
    let status = 410;
    const { srv, merchant, api } = await setup(() => status);
    const { transactionId } = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb`);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.status)
      .toBe('FAILED');
    const id = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0].id as string;

    status = 200;
    const asked = Date.now();
    const retried = await api.post(`/v1/admin/callbacks/${id}/retry`);
    const answered = Date.now();
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'PENDING', attempt_count: 1 });
    // due at once: while the request was being answered, not after a backoff (second precision allows for the rounding)
    expect(Date.parse(retried.body.next_attempt_at)).toBeGreaterThanOrEqual(asked - 1000);
    expect(Date.parse(retried.body.next_attempt_at)).toBeLessThanOrEqual(answered + 1000);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.status)
      .toBe('DELIVERED');
    const after = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0];
    expect(after.attempts.map((t: { attempt: number; status_code: number }) => [t.attempt, t.status_code])).toEqual([
      [1, 410],
      [2, 200],
    ]);
    expect(merchant.received).toHaveLength(2);
    expect(merchant.received[0]!.query.get('event_id')).toBe(merchant.received[1]!.query.get('event_id'));
    expect(merchant.received[0]!.headers['event-delivery']).not.toBe(merchant.received[1]!.headers['event-delivery']);

    // a DELIVERED one is delivered once more on request
    expect((await api.post(`/v1/admin/callbacks/${id}/retry`)).body.status).toBe('PENDING');
    await expect.poll(() => merchant.received.length).toBe(3);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0])
      .toMatchObject({ status: 'DELIVERED', attempt_count: 3 });
  });

  it('a manual retry of a callback that used up its 20 attempts gets a new series of attempts', async () => {
    const { srv, merchant, api } = await setup(() => 503);
    const { transactionId } = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb?delay_callback=1`);
    await srv.kassa.ctx.database.db.updateTable('outbox').set({ attempts: 19 }).execute();
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0])
      .toMatchObject({ status: 'FAILED', attempt_count: 20 });
    const id = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0].id;
    await api.post(`/v1/admin/callbacks/${id}/retry`);
    // the 21st attempt fails with 503 again, and is retried (not final) because a new series began
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.attempt_count)
      .toBeGreaterThanOrEqual(22);
    expect((await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0].status).toBe('PENDING');
  });

  it('makes a PENDING callback due now', async () => {
    let status = 503;
    const { merchant, api, srv } = await setup(() => status, { KASSA_CALLBACK_RETRY_BASE_MS: '600000' });
    const { transactionId } = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb`);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.attempt_count)
      .toBe(1);
    const before = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0];
    expect(before.status).toBe('PENDING');
    expect(Date.parse(before.next_attempt_at) - Date.now()).toBeGreaterThan(60_000); // backoff of 10 minutes
    status = 200;
    const res = await api.post(`/v1/admin/callbacks/${before.id}/retry`);
    expect(res.body).toMatchObject({ status: 'PENDING', attempt_count: 1 });
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.status)
      .toBe('DELIVERED');
    expect(merchant.received).toHaveLength(2);
  });

  it('is 404 for an unknown callback, honours Idempotency-Key, and is in the OpenAPI document', async () => {
    const { merchant, api, srv } = await setup();
    const unknown = await api.post('/v1/admin/callbacks/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('CALLBACK_NOT_FOUND');
    const { transactionId } = await payWithCallback(srv.baseUrl, api, `${merchant.url}/cb`);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0]?.status)
      .toBe('DELIVERED');
    const id = (await api.get(`/v1/admin/callbacks?transaction_id=${transactionId}`)).body[0].id;
    const first = await api.post(`/v1/admin/callbacks/${id}/retry`, undefined, { 'idempotency-key': 'retry-1' });
    await expect.poll(() => merchant.received.length).toBe(2);
    const again = await api.post(`/v1/admin/callbacks/${id}/retry`, undefined, { 'idempotency-key': 'retry-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    await sleep(300);
    expect(merchant.received).toHaveLength(2);

    const doc = (await api.get('/v1/openapi.json')).body;
    expect(doc.paths['/v1/admin/callbacks'].get).toBeDefined();
    expect(doc.paths['/v1/admin/callbacks/{callback_id}/retry'].post).toBeDefined();
  });
});
