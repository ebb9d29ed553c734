import type { SelectQueryBuilder } from 'kysely';
import type { Database, Executor } from './database';
import type { DB } from './schema';

/** Runs `fn` in one database transaction; a thrown error rolls everything back. */
export const inTransaction = <T>(database: Database, fn: (trx: Executor) => Promise<T>): Promise<T> =>
  database.db.transaction().execute(fn);

/**
 * Adds `FOR UPDATE` on PostgreSQL. SQLite has no row locks: Kysely serialises every
 * transaction over its single connection, and SQLite itself allows one writer, so
 * a read inside a transaction is already stable until commit.
 */
export const forUpdate = <TB extends keyof DB, O>(database: Database, qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
  database.engine === 'postgres' ? qb.forUpdate() : qb;

