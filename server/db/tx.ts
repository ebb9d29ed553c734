import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor } from './database';
import type { DB } from './schema';

/**
 * Runs `fn` in one database transaction; a thrown error rolls everything back.
 * SQLite: `BEGIN IMMEDIATE` takes the write lock up front, so two server processes on one file
 * queue on busy_timeout instead of failing when a deferred read lock cannot be upgraded.
 */
export const inTransaction = <T>(database: Database, fn: (trx: Executor) => Promise<T>): Promise<T> => {
  if (database.engine !== 'sqlite') return database.db.transaction().execute(fn);
  return database.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
};

/**
 * Adds `FOR UPDATE` on PostgreSQL. SQLite has no row locks: Kysely serialises every
 * transaction over its single connection, and SQLite itself allows one writer, so
 * a read inside a transaction is already stable until commit.
 */
export const forUpdate = <TB extends keyof DB, O>(database: Database, qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
  database.engine === 'postgres' ? qb.forUpdate() : qb;

