import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/db/migrate';
import { createOpsHandler } from '../../server/observability/ops-endpoints';
import { startTestServer, type TestServer } from '../support/test-server';

/** /readyz against a real database: 503 when a migration is missing or the database is gone. */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const opsServer = async (srv: TestServer) => {
  const server = http.createServer(
    (req, res) => void createOpsHandler(srv.kassa.ctx.database, srv.kassa.metrics)(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string) => {
    const res = await fetch(base + path);
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text(),
    };
  };
};

describe(`readiness (${engine})`, () => {
  it('is ready with every migration applied, and 503 naming the migration the database lacks', async () => {
    const srv = await startTestServer();
    cleanup.push(() => srv.stop());
    const get = await opsServer(srv);
    expect(await get('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', database: 'ok', migrations: 'current' },
    });

    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1]!;
    const db = srv.kassa.ctx.database.db as unknown as import('kysely').Kysely<{
      kassa_migrations: { name: string; timestamp: string };
    }>;
    const row = await db.selectFrom('kassa_migrations').selectAll().where('name', '=', last).executeTakeFirstOrThrow();
    await db.deleteFrom('kassa_migrations').where('name', '=', last).execute();
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'ok', migrations: 'behind', missing_migrations: [last] },
    });
    await db.insertInto('kassa_migrations').values(row).execute();
    expect((await get('/readyz')).status).toBe(200);
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is 503 once the database is closed, while /healthz still answers', async () => {
    const srv = await startTestServer();
    const get = await opsServer(srv);
    await srv.stop();
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'unreachable', migrations: 'unknown' },
    });
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    // /metrics keeps serving (issue 37 item 23): the database gauge says down, its own gauges are unknown
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^kassa_database_up 0$/m);
    expect(metrics.body).toMatch(/^kassa_outbox_backlog nan$/im);
  });
});
