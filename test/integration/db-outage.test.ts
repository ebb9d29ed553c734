import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { randomBase58 } from '../../server/shared/ids';
import { ApiClient, sessionBody } from '../support/api-client';
import { payWithCallback, startMerchant } from '../support/callback-helpers';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';

/**
 * The database goes away under a running production server (dist/server/kassa.js) and comes back
 * (ADR 022): requests answer 503 SERVICE_UNAVAILABLE in the error shape with Retry-After, never a
 * 500; the process survives and recovers without a restart; nothing stored before is lost, and a
 * callback pending across the outage is delivered once.
 *
 * PostgreSQL: the server runs on a database of its own (created here, dropped after), which an
 * admin connection closes (`ALLOW_CONNECTIONS false` + `pg_terminate_backend`) and reopens.
 * SQLite: another connection holds the write lock longer than the server's busy_timeout.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const PG_URL = process.env.DATABASE_URL;
const engine = PG_URL ? 'PostgreSQL' : 'SQLite';

interface Outage {
  db: SharedDatabase;
  env: Record<string, string>;
  begin(): Promise<void>;
  end(): Promise<void>;
}

/** A PostgreSQL database only this test uses, so closing it disturbs nobody else. */
const postgresOutage = async (adminUrl: string): Promise<Outage> => {
  const { default: pg } = await import('pg');
  const name = `kassa_outage_${process.pid}_${randomBase58(6).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-outage-'));
  return {
    db: {
      dataDir,
      engine: 'postgres',
      async drop() {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    },
    env: { DATABASE_URL: url.toString() },
    async begin() {
      await admin.query(`alter database "${name}" with allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    },
    async end() {
      await admin.query(`alter database "${name}" with allow_connections true`);
    },
  };
};

/** SQLite: a second connection takes the write lock and keeps it past the server's busy_timeout (200 ms here). */
const sqliteOutage = async (): Promise<Outage> => {
  const { default: SQLite } = await import('better-sqlite3');
  const db = sharedDatabase();
  let holder: import('better-sqlite3').Database | undefined;
  return {
    db,
    env: { KASSA_SQLITE_BUSY_TIMEOUT_MS: '200' },
    async begin() {
      holder = new SQLite(path.join(db.dataDir, 'kassa.sqlite'));
      holder.exec('begin exclusive');
    },
    async end() {
      holder?.exec('rollback');
      holder?.close();
      holder = undefined;
    },
  };
};

const expectUnavailable = (res: { status: number; body: unknown; headers: Headers }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body).toEqual({ error: { message: expect.any(String), code: 'SERVICE_UNAVAILABLE', errors: [] } });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe(`the database unreachable under a running server (${engine})`, () => {
  it('answers 503 SERVICE_UNAVAILABLE while it is gone, recovers without a restart, and loses nothing', async () => {
    const outage = PG_URL ? await postgresOutage(PG_URL) : await sqliteOutage();
    cleanup.push(() => outage.db.drop());
    let merchantUp = false;
    const merchant = await startMerchant(() => (merchantUp ? 200 : 503));
    cleanup.push(() => merchant.close());
    // no automatic retry within the test: the pending callback is made due by the retry operation
    const server: KassaProcess = await startKassaProcess(outage.db, {
      ...outage.env,
      KASSA_CALLBACK_RETRY_BASE_MS: '600000',
    });
    cleanup.push(() => server.kill('SIGKILL'));
    const api = await ApiClient.login(server.baseUrl);

    const beforeBody = sessionBody();
    const before = await api.post('/v1/sessions', beforeBody);
    expect(before.status).toBe(200);
    const paid = await payWithCallback(server.baseUrl, api, `${merchant.url}/cb`);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?session_id=${paid.sessionId}`)).body[0]?.attempt_count)
      .toBe(1);
    const [pending] = (await api.get(`/v1/admin/callbacks?session_id=${paid.sessionId}`)).body;
    expect(pending.status).toBe('PENDING');

    await outage.begin();
    const refused = await api.post('/v1/sessions', sessionBody());
    expectUnavailable(refused);
    expectUnavailable(
      await api.post(
        `/v1/transactions/${paid.transactionId}/capture`,
        { amount: 1000 },
        { 'idempotency-key': `outage-${randomBase58(8)}` },
      ),
    );
    if (PG_URL) {
      // PostgreSQL: nothing can be read either; readiness says so; the pollers log the outage once each
      expectUnavailable(await api.get(`/v1/sessions/${before.body.id}`));
      expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toMatchObject({
        status: 'unavailable',
        database: 'unreachable',
      });
      await expect.poll(() => server.output().match(/callback worker: step failed/g)?.length ?? 0).toBe(1);
      await expect.poll(() => server.output().match(/operations worker: step failed/g)?.length ?? 0).toBe(1);
      expectUnavailable(await api.get(`/v1/sessions/${before.body.id}`));
    }
    expect(server.output()).not.toMatch(/"code":"INTERNAL"|Something went wrong/);

    merchantUp = true;
    await outage.end();
    // the same process answers again: nothing was restarted
    await expect.poll(async () => (await api.post('/v1/sessions', sessionBody())).status, { interval: 100 }).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const again = await api.get(`/v1/sessions/${before.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.order.merchant_reference).toBe(beforeBody.order.merchant_reference);
    expect((await api.get(`/v1/transactions/${paid.transactionId}`)).body).toMatchObject({
      amount: 10000,
      status: 'AUTHORIZED',
    });

    // the callback that was pending across the outage is delivered, once
    expect((await api.post(`/v1/admin/callbacks/${pending.id}/retry`)).status).toBe(200);
    await merchant.waitFor(() => merchant.delivered().length >= 1);
    await expect
      .poll(async () => (await api.get(`/v1/admin/callbacks?session_id=${paid.sessionId}`)).body[0]?.status)
      .toBe('DELIVERED');
    expect(merchant.delivered().map((c) => c.query.get('event_id'))).toEqual([pending.event_id]);
    if (PG_URL) await expect.poll(() => /callback worker: recovered/.test(server.output())).toBe(true);
  });
});
