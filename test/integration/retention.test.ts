import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdempotencyStatusColumn, OutboxStatusColumn } from '../../server/db/schema';
import { purgeExpiredRows } from '../../server/maintenance/purge-expired-rows';
import { ApiClient, sessionBody } from '../support/api-client';
import { ACCOUNT, startTestServer, type TestServer } from '../support/test-server';

const DAY = 86_400_000;
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ env: { KASSA_CALLBACK_WORKER: 'false', KASSA_RETENTION_DAYS: '30' } });
});
afterAll(() => srv.stop());

const db = () => srv.kassa.ctx.database.db;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Idempotency records and outbox rows (with two attempts each) of every kind the purge must tell apart. */
const seed = async (prefix: string) => {
  const key = (name: string, status: IdempotencyStatusColumn, expiresAt: string) => ({
    account_id: ACCOUNT,
    idem_key: `${prefix}-${name}`,
    method: 'POST',
    path: '/v1/sessions',
    request_hash: 'h',
    status,
    response_status: status === 'COMPLETED' ? 200 : null,
    response_body: null,
    response_headers: null,
    created_at: ago(3 * DAY),
    completed_at: null,
    expires_at: expiresAt,
  });
  await db()
    .insertInto('idempotency_keys')
    .values([
      ...Array.from({ length: 5 }, (_, i) => key(`expired-${i}`, 'COMPLETED', ago(DAY))),
      key('expired-in-progress', 'IN_PROGRESS', ago(DAY)),
      key('fresh', 'COMPLETED', ahead(DAY)),
    ])
    .execute();
  const outbox = (name: string, status: OutboxStatusColumn, updatedAt: string) => ({
    id: `${prefix}-${name}`,
    account_id: ACCOUNT,
    session_id: `${prefix}-s`,
    transaction_id: null,
    event_id: `${prefix}-e-${name}`,
    event: 'AUTHORIZE',
    url: 'https://shop.example/cb',
    method: 'GET' as const,
    status,
    attempts: 1,
    next_attempt_at: updatedAt,
    claimed_until: null,
    last_status_code: 200,
    last_error: null,
    created_at: updatedAt,
    updated_at: updatedAt,
  });
  const rows = [
    ...Array.from({ length: 4 }, (_, i) => outbox(`old-delivered-${i}`, 'DELIVERED', ago(31 * DAY))),
    outbox('old-failed', 'FAILED', ago(40 * DAY)),
    outbox('old-pending', 'PENDING', ago(60 * DAY)),
    outbox('recent-delivered', 'DELIVERED', ago(29 * DAY)),
  ];
  await db().insertInto('outbox').values(rows).execute();
  await db()
    .insertInto('callback_attempts')
    .values(
      rows.flatMap((r) =>
        [1, 2].map((attempt) => ({
          id: `${r.id}-a${attempt}`,
          outbox_id: r.id,
          delivery_id: `${r.id}-d${attempt}`,
          attempt,
          started_at: r.updated_at,
          latency_ms: 5,
          status_code: 200,
          error: null,
        })),
      ),
    )
    .execute();
};

const left = async (prefix: string) => ({
  keys: (
    await db()
      .selectFrom('idempotency_keys')
      .select('idem_key')
      .where('idem_key', 'like', `${prefix}-%`)
      .orderBy('idem_key')
      .execute()
  ).map((r) => r.idem_key),
  outbox: (await db().selectFrom('outbox').select('id').where('id', 'like', `${prefix}-%`).orderBy('id').execute()).map(
    (r) => r.id,
  ),
  attempts: (
    await db().selectFrom('callback_attempts').select('outbox_id').where('outbox_id', 'like', `${prefix}-%`).execute()
  ).length,
});

const KEPT = (p: string) => ({
  keys: [`${p}-expired-in-progress`, `${p}-fresh`],
  outbox: [`${p}-old-pending`, `${p}-recent-delivered`],
  attempts: 4,
});

describe('retention purge', () => {
  it('deletes expired idempotency records and final callbacks past the retention, in bounded batches, and nothing else', async () => {
    const p = `r1${Date.now()}`;
    await seed(p);
    const rounds: number[] = [];
    for (let n = -1; n !== 0;) rounds.push((n = await purgeExpiredRows(srv.kassa.ctx, { batchSize: 2 })));
    expect(Math.max(...rounds)).toBeLessThanOrEqual(4); // at most one batch per table and round
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(5 + 5); // 5 keys, 4 delivered + 1 failed outbox rows
    expect(await left(p)).toEqual(KEPT(p));
  });

  it('two purges at once delete each row once and leave the same result', async () => {
    const p = `r2${Date.now()}`;
    await seed(p);
    let total = 0;
    for (;;) {
      const [a, b] = await Promise.all([
        purgeExpiredRows(srv.kassa.ctx, { batchSize: 3 }),
        purgeExpiredRows(srv.kassa.ctx, { batchSize: 3 }),
      ]);
      total += a + b;
      if (a + b === 0) break;
    }
    expect(total).toBe(10);
    expect(await left(p)).toEqual(KEPT(p));
  });

  it('a shorter retention keeps less; the retention is counted from when the callback became final', async () => {
    const p = `r3${Date.now()}`;
    await seed(p);
    while ((await purgeExpiredRows(srv.kassa.ctx, { retentionDays: 10 })) > 0);
    expect((await left(p)).outbox).toEqual([`${p}-old-pending`]);
  });
});

describe('the retention poller', () => {
  it('runs in every process with the callback worker, at KASSA_PURGE_INTERVAL_MS', async () => {
    const worker = await startTestServer({ env: { KASSA_PURGE_INTERVAL_MS: '1000', KASSA_RETENTION_DAYS: '30' } });
    try {
      const p = `r4${Date.now()}`;
      const inserted = {
        account_id: ACCOUNT,
        idem_key: `${p}-k`,
        method: 'POST',
        path: '/v1/sessions',
        request_hash: 'h',
        status: 'COMPLETED' as const,
        response_status: 200,
        response_body: null,
        response_headers: null,
        created_at: ago(3 * DAY),
        completed_at: null,
        expires_at: ago(DAY),
      };
      await worker.kassa.ctx.database.db.insertInto('idempotency_keys').values(inserted).execute();
      await expect
        .poll(
          async () =>
            (
              await worker.kassa.ctx.database.db
                .selectFrom('idempotency_keys')
                .select('idem_key')
                .where('idem_key', '=', `${p}-k`)
                .execute()
            ).length,
        )
        .toBe(0);
    } finally {
      await worker.stop();
    }
  });
});

describe('the abuse-limit counters (issue 24)', () => {
  it('deletes wrong gift-card tries older than their hour, and the view-write counts of expired sessions; keeps the rest', async () => {
    const p = `c${Date.now()}`;
    const api = await ApiClient.login(srv.baseUrl);
    const live = (await api.post('/v1/sessions', sessionBody())).body.id as string;
    const gone = (await api.post('/v1/sessions', sessionBody())).body.id as string;
    await db()
      .updateTable('sessions')
      .set({ expires_at: ago(1000) })
      .where('id', '=', gone)
      .execute();
    const attempt = (name: string, createdAt: string) => ({
      id: `${p}-${name}`,
      account_id: ACCOUNT,
      session_id: live,
      card_key: null,
      created_at: createdAt,
    });
    await db()
      .insertInto('gift_card_attempts')
      .values([attempt('old', ago(2 * 3600_000)), attempt('recent', ago(600_000))])
      .execute();
    const write = (name: string, sessionId: string) => ({
      id: `${p}-${name}`,
      session_id: sessionId,
      created_at: ago(2 * 3600_000),
      bytes: 100,
    });
    await db()
      .insertInto('session_view_writes')
      .values([write('live', live), write('gone', gone)])
      .execute();

    while ((await purgeExpiredRows(srv.kassa.ctx, { batchSize: 1 })) > 0);
    const attempts = await db().selectFrom('gift_card_attempts').select('id').where('id', 'like', `${p}-%`).execute();
    expect(attempts.map((r) => r.id)).toEqual([`${p}-recent`]);
    // a live session's writes count towards its event budget for its whole life, however old
    const writes = await db().selectFrom('session_view_writes').select('id').where('id', 'like', `${p}-%`).execute();
    expect(writes.map((r) => r.id)).toEqual([`${p}-live`]);
  });
});
