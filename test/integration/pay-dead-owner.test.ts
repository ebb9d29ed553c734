import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_PAYMENT_MS } from '../../server/payments/attempt/recover-stale-payments';
import { ApiClient, payBody, sessionBody, type ApiResponse } from '../support/api-client';
import { useProcessCleanup, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 22: a pay cut off by a killed process (kill -9 after the acquirer answered, before
 * the answer was recorded) left the session PAYING, and every pay answered 409
 * SESSION_PAYMENT_IN_PROGRESS for the two minutes of the stale-payment recovery. The attempt now
 * names its process: once the heartbeat says that process is dead (10 s), the recovery closes the
 * attempt and the session can be paid again. Every such 409 carries Retry-After.
 */
const processes = useProcessCleanup();
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const pause = () => new Promise((r) => setTimeout(r, 200));

// No query timeout: the held update must stay held until the process is killed.
const start = (db: SharedDatabase): Promise<KassaProcess> =>
  processes.startKilledAfter(db, { KASSA_PG_QUERY_TIMEOUT_MS: '600000' });

/** Holds the update that records the acquirer's answer on the session's attempt, in its open transaction. */
interface Hold {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  holding(): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

const sqliteHold = async (db: SharedDatabase, sessionId: string): Promise<Hold> => {
  const { default: SQLite } = await import('better-sqlite3');
  const conn = new SQLite(path.join(db.dataDir, 'kassa.sqlite'));
  conn.pragma('busy_timeout = 5000');
  // SQLite cannot wait inside a statement, but it can compute: the trigger counts 10^12 rows.
  conn.exec(`create table test_hold_rows(x integer);
    insert into test_hold_rows with recursive c(i) as (select 1 union all select i + 1 from c where i < 1000) select i from c;
    create trigger test_hold before update on transactions
    when old.session_id = '${sessionId}' and old.status = 'INITIATED' and new.status <> 'INITIATED'
    begin select count(*) from test_hold_rows a, test_hold_rows b, test_hold_rows c, test_hold_rows d; end;`);
  return {
    rows: async <T>(text: string, params: unknown[] = []) => conn.prepare(text).all(...params) as T[],
    async holding() {
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
    close: async () => void conn.close(),
  };
};

const postgresHold = async (db: SharedDatabase, sessionId: string): Promise<Hold> => {
  const { default: pg } = await import('pg');
  const conn = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${db.pgSchema}` });
  await conn.connect();
  const lock = 1 + Math.floor(Math.random() * 2 ** 30);
  await conn.query('select pg_advisory_lock($1)', [lock]);
  await conn.query(`create function test_hold() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock(${lock}); return new; end $$`);
  await conn.query(`create trigger test_hold before update on transactions for each row
    when (old.session_id = '${sessionId}' and old.status = 'INITIATED' and new.status <> 'INITIATED')
    execute function test_hold()`);
  let n = 0;
  return {
    rows: async <T>(text: string, params: unknown[] = []) =>
      (
        await conn.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[],
    async holding() {
      const waiting = `select 1 from pg_locks where locktype = 'advisory' and not granted and classid = 0 and objid = $1`;
      return (await conn.query(waiting, [lock])).rows.length > 0;
    },
    async release() {
      await conn.query('select pg_advisory_unlock($1)', [lock]);
      await conn.query('drop trigger test_hold on transactions');
      await conn.query('drop function test_hold()');
    },
    close: () => conn.end(),
  };
};

const waitFor = async (what: string, check: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause();
  }
};

const expectRetryAfter = (res: ApiResponse) =>
  expect(Number(res.headers.get('retry-after')), `Retry-After on ${JSON.stringify(res.body)}`).toBeGreaterThan(0);

describe(`a pay cut off by a killed process (${engine})`, () => {
  it('is taken over once the heartbeat says its process is dead, not after the two-minute stale-payment wait: the acquirer is asked, and its authorization stands; every 409 carries Retry-After', async () => {
    const db = processes.database();
    const first = await start(db);
    const api = await ApiClient.login(first.baseUrl);
    const created = await api.post('/v1/sessions', sessionBody());
    expect(created.status).toBe(200);
    const sid = created.body.id as string;
    const hold = db.engine === 'postgres' ? await postgresHold(db, sid) : await sqliteHold(db, sid);
    processes.later(() => hold.close());

    const inFlight = new ApiClient(first.baseUrl).post(`/v1/sessions/${sid}/pay`, payBody()).catch((e: unknown) => e);
    await waitFor('the acquirer answer to be held in its transaction', () => hold.holding());
    await first.kill('SIGKILL');
    expect(await inFlight).toBeInstanceOf(Error);
    await hold.release();
    const [attempt] = await hold.rows<{ id: string; status: string; created_at: string }>(
      'select id, status, created_at from transactions where session_id = ?',
      [sid],
    );
    expect(attempt!.status).toBe('INITIATED');

    const second = await start(db);
    const shopper = new ApiClient(second.baseUrl);
    const deadline = Date.now() + WAIT_MS;
    let paid: ApiResponse;
    for (;;) {
      paid = await shopper.post(`/v1/sessions/${sid}/pay`, payBody());
      if (paid.status !== 409) break;
      expect(paid.body.error.code).toBe('SESSION_PAYMENT_IN_PROGRESS');
      expectRetryAfter(paid);
      if (Date.now() > deadline) throw new Error(`still 409 after ${WAIT_MS} ms`);
      await pause();
    }
    // The acquirer had authorized before the kill: asked (ADR 050), that payment stands, and the session is paid.
    expect(paid.body.error?.code, JSON.stringify(paid.body)).toBe('SESSION_ALREADY_PAID');
    // Taken over because its process was dead, not because it was two minutes old.
    const api2 = await ApiClient.login(second.baseUrl);
    const closed = await api2.get(`/v1/transactions/${attempt!.id}`);
    expect(closed.body.status).toBe('AUTHORIZED');
    const abandonedAt = closed.body.events.at(-1).created_at as string;
    expect(closed.body.events.at(-1)).toMatchObject({ event: 'AUTHORIZE', success: true, created_by: 'system' });
    expect(Date.parse(abandonedAt) - Date.parse(attempt!.created_at)).toBeLessThan(STALE_PAYMENT_MS);
  });
});
