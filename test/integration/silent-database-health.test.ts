import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/observability/logger';
import { createOpsHandler } from '../../server/observability/ops-endpoints';
import { ApiClient, sessionBody } from '../support/api-client';
import { startStallingProxy } from '../support/stalling-proxy';
import { startTestServer, type TestServer } from '../support/test-server';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 23: a database that is down or silent must not stall the health surface. `/readyz`
 * answers 503 from a bounded probe (not after the 10 s query timeout), `/metrics` keeps serving
 * with `kassa_database_up 0`, and the requests answered 503 are logged, once per cause, not once
 * per request. PostgreSQL is made silent by a stalling TCP proxy (test/support); on SQLite the
 * equivalent is another connection holding the write lock past the busy timeout.
 */
const PG_URL = process.env.DATABASE_URL;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A logger whose lines the test reads. */
const capturedLogger = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const unavailable = () => lines.filter((l) => String(l.msg).startsWith('database unavailable'));
  return { logger, unavailable };
};

const opsOf = async (srv: TestServer) => {
  const server = http.createServer(
    (req, res) => void createOpsHandler(srv.kassa.ctx.database, srv.kassa.metrics)(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Never waits for the database's query timeout: a stalled answer fails the test at WAIT_MS.
  return async (p: string) => {
    const res = await fetch(base + p, { signal: AbortSignal.timeout(WAIT_MS) });
    return { status: res.status, text: await res.text() };
  };
};

/** One line per cause, at least one: never one line per request. */
const expectOncePerCause = (lines: Record<string, unknown>[], requests: number) => {
  const causes = lines.map((l) => String(l.cause));
  expect(causes.length, JSON.stringify(lines)).toBeGreaterThan(0);
  expect(new Set(causes).size).toBe(causes.length);
  expect(causes.length).toBeLessThan(requests);
};

describe.runIf(PG_URL)('PostgreSQL only (stalling proxy): a silent database and the health surface', () => {
  const silent = async (queryTimeoutMs: string) => {
    const url = new URL(PG_URL!);
    const proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const captured = capturedLogger();
    const srv = await startTestServer({
      env: { DATABASE_URL: proxy.via(PG_URL!), KASSA_PG_QUERY_TIMEOUT_MS: queryTimeoutMs },
      logger: captured.logger,
    });
    cleanup.push(async () => {
      proxy.release();
      await srv.stop();
      await proxy.close();
    });
    return { proxy, srv, ...captured, api: await ApiClient.login(srv.baseUrl) };
  };

  it('/readyz answers 503 and /metrics 200 with kassa_database_up 0 while the database is silent, long before the query timeout', async () => {
    // A query timeout far beyond the test: whatever answers while the proxy holds is bounded by itself.
    const { proxy, srv } = await silent('600000');
    const get = await opsOf(srv);
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/metrics')).status).toBe(200);

    proxy.hold();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' });
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/^kassa_database_up 0$/m);
    // NaN: unknown (prom-client writes "Nan", which Prometheus reads as NaN)
    expect(metrics.text).toMatch(/^kassa_outbox_backlog nan$/im);
    // again: the probes still in flight are shared, not piled up
    expect((await get('/readyz')).status).toBe(503);
    expect((await get('/metrics')).status).toBe(200);
    expect(proxy.holding).toBe(true);

    proxy.release();
    await expect.poll(async () => (await get('/readyz')).status, { timeout: WAIT_MS, interval: 100 }).toBe(200);
    await expect
      .poll(async () => (await get('/metrics')).text, { timeout: WAIT_MS, interval: 100 })
      .toMatch(/^kassa_database_up 1$/m);
  });

  it('requests answered 503 because the database is silent are logged once per cause, not once per request', async () => {
    const { proxy, api, unavailable } = await silent('3000');
    const created = await api.post('/v1/sessions', sessionBody());
    expect(created.status).toBe(200);
    proxy.hold();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.get(`/v1/sessions/${created.body.id}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect(proxy.holding).toBe(true);
    expectOncePerCause(unavailable(), answers.length);
  });
});

describe.runIf(!PG_URL)('SQLite: another connection holds the write lock', () => {
  it('/readyz and /metrics answer during the lock; the writes answered 503 are logged once per cause', async () => {
    const { default: SQLite } = await import('better-sqlite3');
    const captured = capturedLogger();
    const srv = await startTestServer({ env: { KASSA_SQLITE_BUSY_TIMEOUT_MS: '100' }, logger: captured.logger });
    cleanup.push(() => srv.stop());
    const api = await ApiClient.login(srv.baseUrl);
    const get = await opsOf(srv);

    const holder = new SQLite(path.join(srv.dataDir, 'kassa.sqlite'));
    holder.exec('begin exclusive');
    cleanup.push(async () => {
      if (holder.inTransaction) holder.exec('rollback');
      holder.close();
    });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api.post('/v1/sessions', sessionBody()));
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503, 503]);
    expectOncePerCause(captured.unavailable(), answers.length);
    expect(captured.unavailable()[0]!.cause).toMatch(/^SQLITE_BUSY/);
    // reads go on during the lock (WAL): the health surface says the database is up
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/metrics')).text).toMatch(/^kassa_database_up 1$/m);
    holder.exec('rollback');
    expect((await api.post('/v1/sessions', sessionBody())).status).toBe(200);
  });
});
