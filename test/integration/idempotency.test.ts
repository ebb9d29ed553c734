import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/errors/app-error';
import { ApiClient, sessionBody } from '../support/api-client';
import { recordedResource } from '../../server/idempotency/once-per-key';
import { paidSession, useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';

const { srv, api } = useKassa({ other: true });

afterEach(() => vi.restoreAllMocks());

const db = () => srv.kassa.ctx.database.db;
const newKey = () => `key-${Math.random().toString(36).slice(2)}`;
const idem = (key: string) => ({ 'idempotency-key': key });
const sessionsWithReference = async (reference: string) =>
  await db().selectFrom('sessions').select(['id', 'account_id']).where('merchant_reference', '=', reference).execute();
const events = async (transactionId: string) =>
  (await api.get(`/v1/transactions/${transactionId}`)).body.events.map((e: { event: string }) => e.event) as string[];

const paidTransaction = async (amount = 10000): Promise<string> =>
  (await paidSession(api, { order: { amount } })).transactionId;

describe('Idempotency-Key on POST /v1/sessions', () => {
  it('the same key and body returns the first response (same id) and stores one session', async () => {
    const key = newKey();
    const body = sessionBody();
    const first = await api.post('/v1/sessions', body, idem(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Same JSON with other key order and whitespace is the same request.
    const reordered = JSON.stringify({ order: body.order, url: body.url }, null, 2);
    const again = await api.request('POST', '/v1/sessions', reordered, idem(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('request-id')).not.toBe(first.headers.get('request-id'));
    expect(await sessionsWithReference(body.order.merchant_reference)).toHaveLength(1);
    // Without a key, nothing changes: each request creates.
    await api.post('/v1/sessions', body);
    expect(await sessionsWithReference(body.order.merchant_reference)).toHaveLength(2);
  });

  it('the same key with a different body is 409 IDEMPOTENCY_KEY_REUSED and stores nothing', async () => {
    const key = newKey();
    await api.post('/v1/sessions', sessionBody(), idem(key));
    const other = sessionBody();
    const res = await api.post('/v1/sessions', other, idem(key));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('POST /v1/sessions with another body or query'),
    });
    expect(await sessionsWithReference(other.order.merchant_reference)).toHaveLength(0);
    // ... also on another endpoint
    const elsewhere = await api.post('/v1/admin/signature', undefined, idem(key));
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // the message names the first request's operation, not "another body"
    expect(elsewhere.body.error.message).toBe(
      'This Idempotency-Key was already used for a different request (POST /v1/sessions); use a new key',
    );
  });

  it('10 concurrent identical requests create exactly one session; the rest replay it or get 409 IN_PROGRESS', async () => {
    const key = newKey();
    const body = sessionBody();
    const results = await Promise.all(Array.from({ length: 10 }, () => api.post('/v1/sessions', body, idem(key))));
    const stored = await sessionsWithReference(body.order.merchant_reference);
    expect(stored).toHaveLength(1);
    for (const r of results) {
      if (r.status === 200) expect(r.body.id).toBe(stored[0]!.id);
      else expect([r.status, r.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    }
    expect(results.filter((r) => r.status === 200 && !r.headers.get('idempotent-replayed'))).toHaveLength(1);
    const later = await api.post('/v1/sessions', body, idem(key));
    expect(later.body.id).toBe(stored[0]!.id);
  });

  it('keys are per account: another account with the same key gets its own session', async () => {
    const key = newKey();
    const body = sessionBody();
    const mine = await api.post('/v1/sessions', body, idem(key));
    const other = await ApiClient.login(srv.baseUrl, 'T20000002', 'other', 'other-secret-0123456789');
    const theirs = await other.post('/v1/sessions', body, idem(key));
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).toMatch(/^T20000002\./);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await sessionsWithReference(body.order.merchant_reference)).map((s) => s.account_id).sort()).toEqual([
      'T10000001',
      'T20000002',
    ]);
  });

  it('an invalid key is 400 INVALID_REQUEST and nothing is created', async () => {
    const body = sessionBody();
    const res = await api.post('/v1/sessions', body, idem('k'.repeat(300)));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', errors: [{ path: 'headers.idempotency-key' }] });
    expect(await sessionsWithReference(body.order.merchant_reference)).toHaveLength(0);
    expect((await api.post('/v1/sessions', body, idem('k'.repeat(255)))).status).toBe(200);
  });

  it('a request refused by validation is not stored: fix the body and retry with the same key', async () => {
    const key = newKey();
    const bad = await api.post('/v1/sessions', sessionBody({}, { amount: -1 }), idem(key));
    expect(bad.status).toBe(400);
    const good = await api.post('/v1/sessions', sessionBody(), idem(key));
    expect(good.status).toBe(200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('an expired record no longer binds the key; an IN_PROGRESS record past its lease is taken over', async () => {
    const key = newKey();
    await api.post('/v1/sessions', sessionBody(), idem(key));
    const row = () => db().updateTable('idempotency_keys').where('idem_key', '=', key);
    const stored = await db()
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('idem_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(JSON.parse(stored.response_headers!)).toEqual({});

    await row()
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const body = sessionBody(); // another body: the expired record does not count
    const fresh = await api.post('/v1/sessions', body, idem(key));
    expect([fresh.status, fresh.headers.get('idempotent-replayed')]).toEqual([200, null]);

    // IN_PROGRESS with its session recorded: the first request committed and died before storing its
    // answer; a retry answers from that session at once (ADR 006), without creating another.
    await row().set({ status: 'IN_PROGRESS' }).execute();
    const recovered = await api.post('/v1/sessions', body, idem(key));
    expect([recovered.status, recovered.body.id, recovered.headers.get('idempotent-replayed')]).toEqual([
      200,
      fresh.body.id,
      'true',
    ]);
    expect(await sessionsWithReference(body.order.merchant_reference)).toHaveLength(1);

    // IN_PROGRESS with nothing recorded: the first request has not committed (yet): 409 until its lease ends.
    await row().set({ status: 'IN_PROGRESS', resource_id: null }).execute();
    const running = await api.post('/v1/sessions', body, idem(key));
    expect([running.status, running.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);

    await row()
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .execute();
    const takenOver = await api.post('/v1/sessions', body, idem(key));
    expect([takenOver.status, takenOver.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect(takenOver.body.id).not.toBe(fresh.body.id);
  });
});

describe('Idempotency-Key on money operations', () => {
  it('capture twice with the same key moves money once', async () => {
    const txId = await paidTransaction();
    const key = newKey();
    const first = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect(first.status).toBe(200);
    const second = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await events(txId)).filter((e) => e === 'CAPTURE')).toHaveLength(1);
    expect((await api.get(`/v1/transactions/${txId}`)).body.status).toBe('PARTIALLY_CAPTURED');
  });

  it('a 4xx business error is stored and replayed', async () => {
    const txId = await paidTransaction(10000);
    const key = newKey();
    const first = await api.post(`/v1/transactions/${txId}/capture`, { amount: 20000 }, idem(key));
    expect([first.status, first.body.error.code]).toEqual([400, 'AMOUNT_EXCEEDS_AUTHORIZED']);
    const again = await api.post(`/v1/transactions/${txId}/capture`, { amount: 20000 }, idem(key));
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a 5xx is not stored: a retry with the same key runs again', async () => {
    const txId = await paidTransaction();
    const key = newKey();
    vi.spyOn(srv.kassa.ctx.providers.providerFor('sandbox.creditcard'), 'capture').mockRejectedValueOnce(
      new AppError('PROVIDER_UNAVAILABLE', 'down'),
    );
    const failed = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect([failed.status, failed.body.error.code]).toEqual([503, 'PROVIDER_UNAVAILABLE']);
    const retried = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect((await events(txId)).filter((e) => e === 'CAPTURE')).toHaveLength(1);
  });

  it('while the first request runs, the same key is 409 IDEMPOTENCY_KEY_IN_PROGRESS', async () => {
    const txId = await paidTransaction();
    const key = newKey();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inProvider = new Promise<void>((r) => (entered = r));
    vi.spyOn(srv.kassa.ctx.providers.providerFor('sandbox.creditcard'), 'capture').mockImplementationOnce(async () => {
      entered();
      await gate;
      return 'DONE';
    });
    const first = api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    await inProvider;
    const during = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect([during.status, during.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
    release();
    expect((await first).status).toBe(200);
    const after = await api.post(`/v1/transactions/${txId}/capture`, { amount: 1000 }, idem(key));
    expect([after.status, after.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((await events(txId)).filter((e) => e === 'CAPTURE')).toHaveLength(1);
  });

  it('void with no body and with {} is the same request', async () => {
    const txId = await paidTransaction();
    const key = newKey();
    const first = await api.post(`/v1/transactions/${txId}/void`, undefined, idem(key));
    expect(first.status).toBe(200);
    const again = await api.post(`/v1/transactions/${txId}/void`, {}, idem(key));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((await events(txId)).filter((e) => e === 'VOID')).toHaveLength(1);
  });
});

describe('Idempotency-Key on admin operations', () => {
  it('rotating the signing secret twice with the same key rotates once and returns the same secret', async () => {
    const key = newKey();
    const count = async () => (await db().selectFrom('signature_secrets').select('id').execute()).length;
    const before = await count();
    const first = await api.post('/v1/admin/signature', undefined, idem(key));
    expect(first.status).toBe(200);
    const again = await api.post('/v1/admin/signature', {}, idem(key));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(before + 1);
  });
});

describe('the replayed flag when a job runs twice (ADR 028)', () => {
  it('is decided afresh by each run of the read that decides it', async () => {
    const { database } = srv.kassa.ctx;
    // a first run that answered from a recorded resource, rolled back with its batch
    const meta = {
      requestId: 'r-1',
      baseUrl: 'http://x',
      headers: {},
      idempotency: { accountId: ACCOUNT, key: 'never-claimed', replayed: true },
    };
    // the second run finds no recorded resource: the request is not a replay
    expect(await recordedResource(database.db, database, meta)).toBeUndefined();
    expect(meta.idempotency.replayed).toBe(false);
  });
});
