import type { CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './database';

/** Runs a compiled query on SQLite's one connection synchronously (registered by database.ts). */
export type HeldRunner = (query: CompiledQuery) => QueryResult<unknown>;

/** A batch's connection → its runner. */
const held = new WeakMap<object, HeldRunner>();
/** A SQLite database's Kysely instance → its runner, for statements outside any batch. */
const direct = new WeakMap<object, HeldRunner>();
/** Kysely instances whose connection a batch holds right now (between its BEGIN and its end). */
const inBatch = new WeakSet<object>();

/**
 * Compiled statements (compiled-once.ts) on SQLite run on the connection directly, synchronously,
 * without Kysely's per-query promises and connection provider (about a microsecond each, a few
 * dozen times per payment and once per GET):
 * - inside a group-commit batch (tx.ts), on the `conn` it gives its jobs, which run one after another;
 * - outside, on the database's Kysely instance, but only while no batch holds the connection: a
 *   batch's statements run between microtasks, and a read there would see its uncommitted writes
 *   (then Kysely's connection mutex makes the read wait for the batch, as before). A direct
 *   statement runs to its end before anything else can run, so it never lands inside a batch.
 */
export const registerDirect = (db: Executor, run: HeldRunner): void => void direct.set(db, run);

/** Marks `conn` as the batch's for the batch's jobs, and `db`'s connection as held; the returned function ends both. */
export const holdConnection = (db: Executor, conn: Executor): (() => void) => {
  inBatch.add(db);
  const run = direct.get(db);
  if (run) held.set(conn, run);
  return () => {
    held.delete(conn);
    inBatch.delete(db);
  };
};

/** Executes `query` on `exec`: directly on SQLite when `exec` is a batch's connection, or the database while no batch holds it. */
export const executeCompiled = <R>(
  exec: Executor,
  query: CompiledQuery<R>,
): Promise<QueryResult<R>> | QueryResult<R> => {
  const run = held.get(exec) ?? (inBatch.has(exec) ? undefined : direct.get(exec));
  return run ? (run(query) as QueryResult<R>) : exec.executeQuery(query);
};
