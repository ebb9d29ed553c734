import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { createResilientPool } from '../../server/db/pg-pool';
import { DatabaseUnreachableError, isDatabaseUnavailable } from '../../server/db/unavailable';
import { randomBase58 } from '../../server/shared/ids';
import { WAIT_MS } from '../support/wait';

/**
 * A PostgreSQL that stops answering without closing its connections (a partition, a frozen host:
 * packets dropped) must not hold requests for the whole outage (ADR 022): a query fails as
 * unreachable after the query timeout, its connection is dropped, and once the database answers
 * again every query works, none stuck behind a lost answer.
 */
const PG_URL = process.env.DATABASE_URL;
/**
 * The query timeout of the database under test. It also bounds the wait for a connection (a new one
 * or a free one of the pool), so it must be one a busy machine meets for healthy work: at 400 ms
 * opening the pool's ten connections (a backend forked for each) or twenty queries sharing them
 * timed out with both cores busy, before the database ever went silent.
 */
const QUERY_TIMEOUT_MS = 5_000;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A TCP relay to `target` that can go silent: while silent, bytes either way are dropped and the sockets stay open. */
const silentRelay = async (target: { host: string; port: number } | undefined) => {
  const state = { silent: false };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    if (!target) return; // a listener that never answers at all
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('data', (b) => state.silent || upstream.write(b));
    upstream.on('data', (b) => state.silent || client.write(b));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  cleanup.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { state, port };
};

const elapsed = async (p: Promise<unknown>) => {
  const started = Date.now();
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
};

describe('a PostgreSQL that goes silent', () => {
  it('a connection that never completes fails as unreachable after the connect timeout (no PostgreSQL needed)', async () => {
    const relay = await silentRelay(undefined);
    const pool = createResilientPool(pg.Pool, {
      connectionString: `postgres://kassa@127.0.0.1:${relay.port}/none`,
      connectionTimeoutMillis: 300,
    });
    cleanup.push(() => pool.end());
    const { error, ms } = await elapsed(pool.connect());
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(5000); // not a hang: the timeout is 300 ms
  });

  // Only the PostgreSQL engine keeps connections that can go silent: this case exists in the PostgreSQL run (.ci/run).
  if (PG_URL)
    it('a query on an open connection fails as unreachable after the query timeout, and the dropped connection is not reused', async () => {
      const url = new URL(PG_URL);
      const relay = await silentRelay({ host: url.hostname, port: Number(url.port || 5432) });
      const viaRelay = new URL(PG_URL);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port);
      const pgSchema = `t_silent_${randomBase58(10).toLowerCase()}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-silent-'));
      const database = await openDatabase({
        databaseUrl: viaRelay.toString(),
        dataDir,
        pgSchema,
        pgQueryTimeoutMs: QUERY_TIMEOUT_MS,
      });
      cleanup.push(async () => {
        await database.close();
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema if exists "${pgSchema}" cascade`);
        await admin.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const count = () =>
        database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
      // every connection of the pool opened and in use
      await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(database.db)));

      relay.state.silent = true;
      // a transaction: its query times out, and its rollback does not wait another timeout on the dead connection
      const inTransaction = await elapsed(
        database.db
          .transaction()
          .execute(async (trx) => await trx.selectFrom('sessions').select('id').limit(1).execute()),
      );
      expect(isDatabaseUnavailable(inTransaction.error), String(inTransaction.error)).toBe(true);
      const plain = await Promise.all(Array.from({ length: 10 }, () => elapsed(count())));
      for (const q of plain) expect(isDatabaseUnavailable(q.error), String(q.error)).toBe(true);
      // failed after the query timeout (a new connection: the same as its connect timeout), did not hang
      expect(Math.max(inTransaction.ms, ...plain.map((q) => q.ms))).toBeLessThan(QUERY_TIMEOUT_MS + WAIT_MS);

      relay.state.silent = false;
      // every later query works: no connection is left waiting for an answer that was lost
      for (let i = 0; i < 30; i++) expect(Number((await count()).n)).toBe(0);
      const parallel = await Promise.all(Array.from({ length: 20 }, () => elapsed(count())));
      expect(parallel.map((q) => q.error)).toEqual(Array.from({ length: 20 }, () => undefined));
    });
});
