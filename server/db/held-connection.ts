import type { CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './database';

/** Runs a compiled query on SQLite's one connection synchronously (database.ts `runHeld`). */
export type HeldRunner = (query: CompiledQuery) => QueryResult<unknown>;

const held = new WeakMap<object, HeldRunner>();

/**
 * A group-commit batch (tx.ts) holds SQLite's connection for its jobs, which run one after another
 * on the `conn` it gives them: their compiled statements (compiled-once.ts) can run on it directly,
 * without Kysely's per-query promises and connection provider (about a microsecond each, a few
 * dozen times per payment). Only there: elsewhere Kysely's connection mutex keeps a read from
 * running in the middle of a batch's uncommitted writes.
 */
export const holdConnection = (conn: Executor, run: HeldRunner | undefined): (() => void) => {
  if (run) held.set(conn, run);
  return () => held.delete(conn);
};

/** Executes `query` on `exec`: directly when `exec` is a batch's held SQLite connection. */
export const executeCompiled = <R>(exec: Executor, query: CompiledQuery<R>): Promise<QueryResult<R>> | QueryResult<R> => {
  const run = held.get(exec);
  return run ? (run(query) as QueryResult<R>) : exec.executeQuery(query);
};
