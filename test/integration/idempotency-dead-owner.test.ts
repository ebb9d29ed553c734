import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER_TIMEOUT_SECONDS } from '../../server/idempotency/kassa-processes';
import { ApiClient, sessionBody, type ApiResponse } from '../support/api-client';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 24 item 7 (ADR 006): an Idempotency-Key claim belongs to the process that made it. When
 * that process dies (kill -9) before its request committed anything, the retry on a restarted
 * server runs within seconds instead of answering 409 for the claim's ten-minute lease; while the
 * owner lives, the retry is 409 IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After, from any process.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const start = async (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> => {
  // No query timeout: a held insert must stay held until the process is killed.
  const p = await startKassaProcess(db, {
    KASSA_CALLBACK_WORKER: 'false',
    KASSA_PG_QUERY_TIMEOUT_MS: '600000',
    ...env,
  });
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};
const pause = () => new Promise((r) => setTimeout(r, 200));

/** The test's own connection to the shared database: plain SQL (`?` placeholders), and a way to hold one insert. */
interface Direct {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** From now on, inserting a session with `reference` never finishes (its transaction never commits). */
  hold(reference: string): Promise<void>;
  /** True once a transaction is stuck in the hold. */
  holding(): Promise<boolean>;
  /** After the holding process died: inserts with the reference go through again. */
  release(): Promise<void>;
  close(): Promise<void>;
}

const sqliteDirect = async (db: SharedDatabase): Promise<Direct> => {
  const { default: SQLite } = await import('better-sqlite3');
  const conn = new SQLite(path.join(db.dataDir, 'kassa.sqlite'));
  conn.pragma('busy_timeout = 5000');
  return {
    rows: async <T>(text: string, params: unknown[] = []) => {
      const stmt = conn.prepare(text);
      return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
    },
    async hold(reference) {
      // SQLite cannot wait on anything inside a statement, but it can compute: the trigger counts
      // 10^12 rows, so the process that inserts the session spins inside its open transaction.
      conn.exec(`create table test_hold_rows(x integer);
        insert into test_hold_rows with recursive c(i) as (select 1 union all select i + 1 from c where i < 1000) select i from c;
        create trigger test_hold after insert on sessions when new.merchant_reference = '${reference}'
        begin select count(*) from test_hold_rows a, test_hold_rows b, test_hold_rows c, test_hold_rows d; end;`);
    },
    async holding() {
      // The held process keeps the write lock: a write of ours cannot start.
      conn.pragma('busy_timeout = 0');
      try {
        conn.exec('begin immediate; rollback;');
        return false;
      } catch (e) {
        if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
        throw e;
      } finally {
        conn.pragma('busy_timeout = 5000');
      }
    },
    async release() {
      conn.exec('drop trigger test_hold; drop table test_hold_rows;');
    },
    close: async () => {
      conn.close();
    },
  };
};

const postgresDirect = async (db: SharedDatabase): Promise<Direct> => {
  const { default: pg } = await import('pg');
  const conn = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${db.pgSchema}` });
  await conn.connect();
  const lock = 1 + Math.floor(Math.random() * 2 ** 30); // this test's own advisory lock
  const numbered = (text: string) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await conn.query(numbered(text), params)).rows as T[],
    async hold(reference) {
      // The trigger waits for an advisory lock this connection holds until release().
      await conn.query('select pg_advisory_lock($1)', [lock]);
      await conn.query(`create function test_hold() returns trigger language plpgsql as $$
        begin perform pg_advisory_xact_lock(${lock}); return null; end $$`);
      await conn.query(`create trigger test_hold after insert on sessions for each row
        when (new.merchant_reference = '${reference}') execute function test_hold()`);
    },
    async holding() {
      const waiting = `select 1 from pg_locks where locktype = 'advisory' and not granted and classid = 0 and objid = $1`;
      const { rows } = await conn.query(waiting, [lock]);
      return rows.length > 0;
    },
    async release() {
      // The dead process's backend gets its lock, finds its client gone and rolls back.
      await conn.query('select pg_advisory_unlock($1)', [lock]);
      await conn.query('drop trigger test_hold on sessions');
      await conn.query('drop function test_hold()');
    },
    close: () => conn.end(),
  };
};

const direct = async (db: SharedDatabase): Promise<Direct> => {
  const d = db.engine === 'postgres' ? await postgresDirect(db) : await sqliteDirect(db);
  cleanup.push(() => d.close());
  return d;
};

const waitFor = async (what: string, check: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause();
  }
};

interface Claim {
  status: string;
  resource_id: string | null;
  created_at: string;
}
const claimOf = async (d: Direct, key: string) =>
  (await d.rows<Claim>('select status, resource_id, created_at from idempotency_keys where idem_key = ?', [key]))[0];
const sessionIds = async (d: Direct, reference: string) =>
  (await d.rows<{ id: string }>('select id from sessions where merchant_reference = ?', [reference])).map((r) => r.id);

/** A 409 for a claim whose owner lives tells the client when to come back. */
const expectInProgress = (res: ApiResponse) => {
  expect([res.status, res.body?.error?.code], JSON.stringify(res.body)).toEqual([409, 'IDEMPOTENCY_KEY_IN_PROGRESS']);
  expect(Number(res.headers.get('retry-after')), 'Retry-After').toBeGreaterThan(0);
};

/** Retries until the answer is not 409 IDEMPOTENCY_KEY_IN_PROGRESS (each such 409 carries Retry-After). */
const retryUntilThrough = async (api: ApiClient, body: unknown, key: string): Promise<ApiResponse> => {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const res = await api.post('/v1/sessions', body, { 'idempotency-key': key });
    if (res.status !== 409 || res.body?.error?.code !== 'IDEMPOTENCY_KEY_IN_PROGRESS') return res;
    expectInProgress(res);
    if (Date.now() > deadline)
      throw new Error(`still 409 IDEMPOTENCY_KEY_IN_PROGRESS after ${WAIT_MS} ms: the claim was never freed`);
    await pause();
  }
};

describe(`Idempotency-Key claim of a dead process (${engine})`, () => {
  it('kill -9 while a keyed create is in flight and uncommitted: after a restart the retry runs within seconds, once', async () => {
    const db = sharedDatabase();
    cleanup.push(() => db.drop());
    const first = await start(db);
    const api = await ApiClient.login(first.baseUrl);
    const d = await direct(db);
    const reference = `held${Math.random().toString(36).slice(2, 10)}`;
    const key = `dead-owner-${reference}`;
    const body = sessionBody({}, { merchant_reference: reference });
    await d.hold(reference);

    const inFlight = api.post('/v1/sessions', body, { 'idempotency-key': key }).catch((e: unknown) => e);
    await waitFor('the claim', async () => (await claimOf(d, key))?.status === 'IN_PROGRESS');
    await waitFor('the request to be inside its transaction', () => d.holding());
    await first.kill('SIGKILL');
    expect(await inFlight).toBeInstanceOf(Error); // no answer: the connection died with the server
    await d.release();
    expect(await claimOf(d, key)).toMatchObject({ status: 'IN_PROGRESS', resource_id: null });
    expect(await sessionIds(d, reference)).toEqual([]);

    const second = await start(db);
    const api2 = await ApiClient.login(second.baseUrl);
    const retry = await retryUntilThrough(api2, body, key);
    expect([retry.status, retry.headers.get('idempotent-replayed')], JSON.stringify(retry.body)).toEqual([200, null]);
    expect(await sessionIds(d, reference)).toEqual([retry.body.id]);
    const again = await api2.post('/v1/sessions', body, { 'idempotency-key': key });
    expect([again.status, again.body.id, again.headers.get('idempotent-replayed')]).toEqual([
      200,
      retry.body.id,
      'true',
    ]);
    expect(await sessionIds(d, reference)).toEqual([retry.body.id]);
  });

  // Two live processes on one database: PostgreSQL only (one process per SQLite data directory, ADR 044).
  it.skipIf(!process.env.DATABASE_URL)(
    "two processes: a live owner's claim stays 409 with Retry-After past a dead owner's timeout; a graceful stop frees it",
    async () => {
      const db = sharedDatabase();
      cleanup.push(() => db.drop());
      const owner = await start(db);
      const other = await start(db);
      const d = await direct(db);
      const [apiOwner, apiOther] = await Promise.all([ApiClient.login(owner.baseUrl), ApiClient.login(other.baseUrl)]);
      const key = `live-owner-${Math.random().toString(36).slice(2, 10)}`;
      const body = sessionBody();
      expect((await apiOwner.post('/v1/sessions', body, { 'idempotency-key': key })).status).toBe(200);
      // The owner's claim as it is while its request still runs: nothing committed, no answer stored.
      await d.rows(
        `update idempotency_keys set status = 'IN_PROGRESS', resource_id = null, response_status = null, response_body = null,
      response_headers = null, completed_at = null where idem_key = ?`,
        [key],
      );
      const claim = (await claimOf(d, key))!;

      // The owner keeps proving it lives: wait until its heartbeat is later than the point where a
      // silent owner would count as dead; the other process never takes the claim over meanwhile.
      const aliveBeyond = new Date(Date.parse(claim.created_at) + (OWNER_TIMEOUT_SECONDS + 1) * 1000).toISOString();
      await waitFor('the owner to outlive a dead owner', async () => {
        expectInProgress(await apiOther.post('/v1/sessions', body, { 'idempotency-key': key }));
        const beats = await d.rows('select boot_id from kassa_processes where heartbeat_at > ?', [aliveBeyond]);
        return beats.length === 2;
      });
      expect(await claimOf(d, key)).toEqual(claim);

      // A graceful stop gives the owner's claims up at once.
      expect((await owner.kill('SIGTERM')).code).toBe(0);
      const retry = await apiOther.post('/v1/sessions', body, { 'idempotency-key': key });
      expect([retry.status, retry.headers.get('idempotent-replayed')], JSON.stringify(retry.body)).toEqual([200, null]);
      const again = await apiOther.post('/v1/sessions', body, { 'idempotency-key': key });
      expect([again.status, again.body.id, again.headers.get('idempotent-replayed')]).toEqual([
        200,
        retry.body.id,
        'true',
      ]);
    },
  );
});
