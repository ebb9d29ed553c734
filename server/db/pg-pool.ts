import type { Pool, PoolClient, PoolConfig } from 'pg';
import { DatabaseUnreachableError } from './unavailable';

/** How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before 503. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pg Pool that survives the database going away and recovers without a restart (ADR 022):
 * - an idle client's error (the server terminated the backend) is handled: without a listener,
 *   pg-pool's `error` event would throw and end the process; the broken client is already dropped;
 * - every client keeps an `error` listener while checked out too, so a backend terminated between
 *   two queries of a transaction fails that query (and the client is discarded on release, being no
 *   longer queryable) instead of crashing the process;
 * - a connection that cannot be made (refused, not accepting connections, timed out) rejects with
 *   `DatabaseUnreachableError`, which the API answers as 503 SERVICE_UNAVAILABLE.
 * New connections are made on demand, so once the database is back the next request simply works.
 */
export const createResilientPool = (PoolClass: typeof Pool, config: PoolConfig, onIdleError: (err: Error) => void = () => undefined): Pool => {
  const pool = new PoolClass({ connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, ...config });
  pool.on('error', onIdleError);
  pool.on('connect', (client: PoolClient) => {
    client.on('error', () => undefined);
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
