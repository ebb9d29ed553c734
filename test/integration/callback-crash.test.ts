import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { payWithCallback, sleep, startMerchant, type Callback } from '../support/callback-helpers';
import { openDatabase } from '../../server/db/database';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';

/**
 * The real server (bin/kassa.ts) in child processes on one database: SQLite (WAL, busy_timeout)
 * or, with DATABASE_URL, PostgreSQL in a fresh schema that is dropped afterwards.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const track = (db: SharedDatabase) => cleanup.push(() => db.drop());
const run = async (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> => {
  const p = await startKassaProcess(db, env);
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};

type LogEntry = {
  id: string;
  event: string;
  event_id: string;
  transaction_id: string;
  status: string;
  attempt_count: number;
  next_attempt_at?: string;
};
const log = async (api: ApiClient): Promise<LogEntry[]> => (await api.get('/v1/admin/callbacks?limit=100')).body;

/**
 * Makes every pending callback fall due now, from a connection of the test's own: the tests hold callbacks
 * back with long delays and release them when they are ready, rather than racing a short delay against
 * a set-up that a slow machine may not finish in time.
 */
const releaseCallbacks = async (db: SharedDatabase) => {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: db.dataDir,
    pgSchema: db.pgSchema,
  });
  try {
    await database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('status', '=', 'PENDING')
      .execute();
  } finally {
    await database.close();
  }
};

/** How many 2xx deliveries each event_id got, and the order events arrived in per transaction. */
const summarize = (delivered: Callback[]) => {
  const perEvent = new Map<string, number>();
  const perTx = new Map<string, string[]>();
  for (const c of delivered) {
    const id = c.query.get('event_id')!;
    perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
    const tx = c.query.get('transaction_id')!;
    perTx.set(tx, [...(perTx.get(tx) ?? []), c.query.get('event') ?? 'AUTHORIZE']);
  }
  return { perEvent, perTx };
};

describe(`callbacks with real server processes (${engine})`, () => {
  it('SIGKILL while callbacks are pending: after a restart on the same database every pending callback is delivered, exactly once per event_id, in order', async () => {
    const db = sharedDatabase();
    track(db);
    let merchantUp = false;
    const merchant = await startMerchant(() => (merchantUp ? 200 : 503));
    cleanup.push(() => merchant.close());
    // a retry comes at the earliest 450 s after a failed attempt (600 s base, jitter 0.75-1.25): the
    // test releases the callbacks itself once the second process runs
    const env = { KASSA_CALLBACK_RETRY_BASE_MS: '600000' };
    const first = await run(db, env);
    const api = await ApiClient.login(first.baseUrl);

    // three payments whose callback the merchant refuses with 503 (attempted once, then waiting for
    // a retry), two of them captured (the CAPTURE callbacks wait behind their AUTHORIZE one), and
    // two payments whose callback is delayed by delay_callback (the most it allows) and not yet attempted at all
    const refused = [];
    for (let i = 0; i < 3; i++)
      refused.push(await payWithCallback(first.baseUrl, api, `${merchant.url}/cb?report_event=CAPTURE&i=${i}`));
    for (const p of refused.slice(0, 2))
      expect((await api.post(`/v1/transactions/${p.transactionId}/capture`, { amount: 5000 })).status).toBe(200);
    const delayed = [];
    for (let i = 0; i < 2; i++)
      delayed.push(await payWithCallback(first.baseUrl, api, `${merchant.url}/cb?delay_callback=60&d=${i}`));

    // wait until each first attempt is recorded (so none is in flight), then kill at once
    await expect
      .poll(async () => (await log(api)).filter((c) => c.attempt_count === 1).length, { interval: 20 })
      .toBe(3);
    const before = await log(api);
    const killAt = Date.now();
    expect(before).toHaveLength(7);
    expect(before.every((c) => c.status === 'PENDING')).toBe(true);
    // nothing is due at the kill, so no attempt can be in flight when it comes (the CAPTURE callbacks
    // wait behind their transaction's pending AUTHORIZE callback)
    for (const c of before.filter((c) => c.event === 'AUTHORIZE'))
      expect(Date.parse(c.next_attempt_at!), `${c.event} ${c.attempt_count}`).toBeGreaterThan(killAt);
    expect(merchant.received.map((c) => c.query.get('i')).sort()).toEqual(['0', '1', '2']);
    expect(merchant.delivered()).toHaveLength(0);
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const receivedAtKill = merchant.received.length;
    expect(receivedAtKill).toBe(3);

    // the merchant recovers; a new process on the same database delivers everything that was pending
    merchantUp = true;
    const second = await run(db, env);
    const api2 = await ApiClient.login(second.baseUrl);
    await releaseCallbacks(db);
    await expect
      .poll(async () => (await log(api2)).filter((c) => c.status === 'DELIVERED').length, { interval: 100 })
      .toBe(7);
    await sleep(1000);

    const { perEvent, perTx } = summarize(merchant.delivered());
    expect(new Set(before.map((c) => c.event_id))).toEqual(new Set(perEvent.keys()));
    for (const [id, n] of perEvent) expect(n, `deliveries of event ${id}`).toBe(1);
    for (const p of refused.slice(0, 2)) expect(perTx.get(p.transactionId)).toEqual(['AUTHORIZE', 'CAPTURE']);
    expect(perTx.get(refused[2]!.transactionId)).toEqual(['AUTHORIZE']);
    for (const p of delayed) expect(perTx.get(p.transactionId)).toEqual(['AUTHORIZE']);
    // the delayed ones were attempted for the first time by the second process
    expect(merchant.received.slice(0, receivedAtKill).filter((c) => c.query.has('d'))).toEqual([]);
    await second.kill('SIGTERM');
  });

  it('two server processes on one database (on SQLite one process) deliver every callback exactly once and in order per transaction', async () => {
    const db = sharedDatabase();
    track(db);
    const merchant = await startMerchant(() => 200);
    cleanup.push(() => merchant.close());
    const a = await run(db);
    // started after `a` migrated the database; on SQLite one process per data directory (ADR 044): `a` twice
    const b = db.engine === 'postgres' ? await run(db) : a;
    const apiA = await ApiClient.login(a.baseUrl);
    const apiB = await ApiClient.login(b.baseUrl);

    // payments through both processes; every callback is delayed, then released at once, so that they
    // all fall due together and both workers compete for them
    const N = 16;
    const payments = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const api = i % 2 ? apiB : apiA;
        const base = i % 2 ? b.baseUrl : a.baseUrl;
        const p = await payWithCallback(
          base,
          api,
          `${merchant.url}/cb?delay_callback=60&report_event=CAPTURE&report_event=REFUND&n=${i}`,
        );
        expect((await api.post(`/v1/transactions/${p.transactionId}/capture`, { amount: 6000 })).status).toBe(200);
        expect((await api.post(`/v1/transactions/${p.transactionId}/refund`, { amount: 1000 })).status).toBe(200);
        return p;
      }),
    );
    await releaseCallbacks(db);

    const total = N * 3;
    await expect.poll(() => merchant.received.length, { interval: 50 }).toBeGreaterThanOrEqual(total);
    await expect.poll(async () => (await log(apiA)).filter((c) => c.status === 'DELIVERED').length).toBe(total);
    await sleep(1500); // time for any duplicate to show up

    expect(merchant.received).toHaveLength(total);
    const { perEvent, perTx } = summarize(merchant.delivered());
    expect(perEvent.size).toBe(total);
    for (const [id, n] of perEvent) expect(n, `deliveries of event ${id}`).toBe(1);
    for (const p of payments)
      expect(perTx.get(p.transactionId), p.transactionId).toEqual(['AUTHORIZE', 'CAPTURE', 'REFUND']);
    expect(new Set(merchant.received.map((c) => c.headers['event-delivery'])).size).toBe(total);
    const entries = await log(apiA);
    expect(entries.every((c) => c.attempt_count === 1)).toBe(true);
  });
});
