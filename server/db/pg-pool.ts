import type { Pool, PoolClient, PoolConfig } from 'pg';
import { DatabaseUnreachableError } from './unavailable';

/** How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before 503. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** How long one query waits for its answer before the connection is given up as dead (503); KASSA_PG_QUERY_TIMEOUT_MS. */
export const PG_QUERY_TIMEOUT_MS = 10_000;
/** Idle sockets are probed by TCP keepalive after this long, so a server that vanished is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * PostgreSQL's own limits, below the client's query timeout `queryTimeoutMs` (issue 37 item 21,
 * ADR 045), as `-c` options of each connection: a statement the server runs too long
 * (`statement_timeout`, 80 %) or a lock it waits for too long (`lock_timeout`, 70 %) is cancelled
 * by the server itself, before the client gives up on the connection, so the statement is
 * certainly not done, the connection stays usable and the request answers 503 at once; a
 * transaction left idle longer than the query timeout (its client froze or vanished) is ended
 * with its locks (`idle_in_transaction_session_timeout`). 0 = none.
 */
export const serverTimeoutOptions = (queryTimeoutMs: number): string => {
  if (!queryTimeoutMs) return '';
  const statement = Math.max(1, Math.floor(queryTimeoutMs * 0.8));
  const lock = Math.max(1, Math.floor(queryTimeoutMs * 0.7));
  return `-c statement_timeout=${statement} -c lock_timeout=${lock} -c idle_in_transaction_session_timeout=${queryTimeoutMs}`;
};

/** pg's own error when `query_timeout` passes without an answer. */
export const isQueryReadTimeout = (e: unknown): boolean => e instanceof Error && e.message === 'Query read timeout';

/**
 * pg answers a query past `query_timeout` with an error but leaves the connection waiting for the
 * lost answer, so every later query on it would wait too (the rollback of the transaction first).
 * The client is ended instead, at once: `end()` marks it ending before the caller can release it
 * (so the pool discards it on release) and destroys the socket, since a query is still active.
 */
const dropOnReadTimeout = (client: PoolClient): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const answer = query(...args);
    if (answer instanceof Promise)
      answer.catch((e: unknown) => {
        if (isQueryReadTimeout(e)) client.end().catch(() => undefined);
      });
    return answer;
  };
};

/**
 * A pg Pool that survives the database going away and recovers without a restart (ADR 022):
 * - an idle client's error (the server terminated the backend) is handled: without a listener,
 *   pg-pool's `error` event would throw and end the process; the broken client is already dropped;
 * - every client keeps an `error` listener while checked out too, so a backend terminated between
 *   two queries of a transaction fails that query (and the client is discarded on release, being no
 *   longer queryable) instead of crashing the process;
 * - a connection that cannot be made (refused, not accepting connections, timed out) rejects with
 *   `DatabaseUnreachableError`, which the API answers as 503 SERVICE_UNAVAILABLE;
 * - a server that stops answering without closing the connection (a network partition, a frozen
 *   host) fails each query after `query_timeout` (503 too) and its connection is dropped, instead
 *   of requests hanging for the whole outage; idle connections are probed by TCP keepalive.
 * New connections are made on demand, so once the database is back the next request simply works.
 */
export const createResilientPool = (
  PoolClass: typeof Pool,
  config: PoolConfig,
  onIdleError: (err: Error) => void = () => undefined,
): Pool => {
  const pool = new PoolClass({
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...config,
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client: PoolClient) => {
    client.on('error', () => undefined);
    if (pool.options.query_timeout) dropOnReadTimeout(client);
  });
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  // Kysely calls the promise form only.
  (pool as { connect: () => Promise<PoolClient> }).connect = async () => {
    try {
      return await connect();
    } catch (e) {
      throw new DatabaseUnreachableError(e);
    }
  };
  return pool;
};
