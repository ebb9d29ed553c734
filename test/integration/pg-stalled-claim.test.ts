import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, sessionBody } from '../support/api-client';
import { startStallingProxy, type StallingProxy } from '../support/stalling-proxy';
import { startTestServer, type TestServer } from '../support/test-server';
import { cardTransaction, eventsOf } from '../support/transaction-helpers';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 21. A PostgreSQL that goes silent (a frozen host, a partition) while a keyed request
 * writes its Idempotency-Key claim: the request answers 503 after the query timeout, but the
 * server later still runs the claim's insert it had received. That claim must not keep the key
 * (409 IDEMPOTENCY_KEY_IN_PROGRESS for the ten-minute lease): a 503 leaves the key free.
 * The silence comes from a stalling TCP proxy between Kassa and PostgreSQL (test/support), never
 * from pausing the shared server. Only PostgreSQL has a connection that can go silent and run a
 * statement late (SQLite runs in the process), so this file has cases only in the PostgreSQL run.
 */
const PG_URL = process.env.DATABASE_URL;
/** Short, so the test is quick; long enough that a busy machine answers every healthy query within it. */
const QUERY_TIMEOUT_MS = '3000';

const started: { srv?: TestServer; proxy?: StallingProxy }[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    s.proxy?.release();
    await s.srv?.stop();
    await s.proxy?.close();
  }
});

const throughProxy = async () => {
  const url = new URL(PG_URL!);
  const proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const entry: { srv?: TestServer; proxy?: StallingProxy } = { proxy };
  started.push(entry);
  entry.srv = await startTestServer({
    env: { DATABASE_URL: proxy.via(PG_URL!), KASSA_PG_QUERY_TIMEOUT_MS: QUERY_TIMEOUT_MS },
  });
  const srv = entry.srv;
  const api = await ApiClient.login(srv.baseUrl);
  return { proxy, srv, api, customer: new ApiClient(srv.baseUrl) };
};

/** The key's record as PostgreSQL holds it, read beside the proxy. */
const claimOf = (srv: TestServer, key: string) =>
  srv.kassa.ctx.database.db
    .selectFrom('idempotency_keys')
    .select(['status', 'resource_id'])
    .where('idem_key', '=', key)
    .executeTakeFirst();

/**
 * Holds the connection from the moment Kassa sends the claim's insert, lets `request` answer 503
 * (after the query timeout), then lets PostgreSQL speak again and waits until it has run the
 * insert it kept: the key's record exists.
 */
const claimRunsLate = async (
  proxy: StallingProxy,
  srv: TestServer,
  key: string,
  request: () => Promise<{ status: number }>,
) => {
  proxy.holdWhenSent('insert into "idempotency_keys"');
  const first = await request();
  expect(first.status).toBe(503);
  expect(proxy.heldChunks).toBeGreaterThan(0);
  proxy.release();
  await expect.poll(() => claimOf(srv, key), { timeout: WAIT_MS, interval: 50 }).toBeDefined();
};

describe.runIf(PG_URL)('PostgreSQL only (stalling proxy): a claim written after its request gave up', () => {
  it('a keyed capture answered 503 while the database was silent: the retry with the key captures at once, once', async () => {
    const { proxy, srv, api, customer } = await throughProxy();
    const { transactionId } = await cardTransaction(api, customer);
    const key = `stalled-capture-${transactionId}`;
    const capture = () =>
      api.post(`/v1/transactions/${transactionId}/capture`, { amount: 10000 }, { 'idempotency-key': key });

    await claimRunsLate(proxy, srv, key, capture);
    const retry = await capture();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const again = await capture();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const captures = (await eventsOf(api, transactionId)).filter((e) => e.event === 'CAPTURE' && e.success);
    expect(captures.map((e) => e.amount)).toEqual([10000]);
  });

  it('a keyed create answered 503 while the database was silent: the retry with the key creates at once, once', async () => {
    const { proxy, srv, api } = await throughProxy();
    const body = sessionBody();
    const key = `stalled-create-${body.order.merchant_reference}`;
    const create = () => api.post('/v1/sessions', body, { 'idempotency-key': key });

    await claimRunsLate(proxy, srv, key, create);
    const retry = await create();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const made = await srv.kassa.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('merchant_reference', '=', body.order.merchant_reference)
      .execute();
    expect(made.map((s) => s.id)).toEqual([retry.body.id]);
  });

  it("PostgreSQL's own statement and lock timeouts sit below the client's query timeout", async () => {
    const { srv } = await throughProxy();
    const show = async (name: string) =>
      (await sql<Record<string, string>>`select current_setting(${name}) as v`.execute(srv.kassa.ctx.database.db))
        .rows[0]!.v;
    expect(await show('statement_timeout')).toBe('2400ms');
    expect(await show('lock_timeout')).toBe('2100ms');
    expect(await show('idle_in_transaction_session_timeout')).toBe('3s');
  });
});
