import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor } from './database';
import { holdConnection } from './held-connection';
import type { DB } from './schema';

const raw = (text: string) => CompiledQuery.raw(text);
const [BEGIN, COMMIT, ROLLBACK] = [raw('begin immediate'), raw('commit'), raw('rollback')];
const [SAVEPOINT, RELEASE, ROLLBACK_TO] = [raw('savepoint job'), raw('release job'), raw('rollback to job')];
const [SYNC_NORMAL, SYNC_FULL] = [raw('pragma synchronous = normal'), raw('pragma synchronous = full')];

interface Job {
  fn: (trx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const queues = new WeakMap<Database, { jobs: Job[]; draining: boolean }>();

type Outcome = { ok: boolean; value: unknown };
const RERUN = Symbol('rerun');

const runOne = async (conn: Executor, job: Job): Promise<Outcome> => {
  try {
    return { ok: true, value: await job.fn(conn) };
  } catch (error) {
    return { ok: false, value: error };
  }
};

/**
 * The jobs without savepoints: a job that fails having changed no row (the usual refusal: a state
 * check before any write) leaves nothing to undo. A job that fails after changing rows cannot be
 * undone alone, so the caller rolls the batch back and runs it again with savepoints (RERUN).
 * Savepoints cost every job its pages copied to SQLite's statement journal (~10 % of a payment's CPU).
 */
const runOptimistic = async (conn: Executor, jobs: Job[], changes: () => number): Promise<Outcome[] | typeof RERUN> => {
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    const before = changes();
    const outcome = await runOne(conn, job);
    if (!outcome.ok && changes() !== before) return RERUN;
    outcomes.push(outcome);
  }
  return outcomes;
};

/** Each job in a savepoint: a failing job rolls back alone. */
const runWithSavepoints = async (conn: Executor, jobs: Job[]): Promise<Outcome[]> => {
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    await conn.executeQuery(SAVEPOINT);
    const outcome = await runOne(conn, job);
    if (!outcome.ok) await conn.executeQuery(ROLLBACK_TO);
    await conn.executeQuery(RELEASE);
    outcomes.push(outcome);
  }
  return outcomes;
};

/**
 * One SQLite transaction for many jobs (a failing job rolls back alone: see runOptimistic),
 * answered once the commit is on disk. With `walSync` the commit itself skips the fsync
 * (`synchronous = NORMAL` for this transaction only; every other write on the connection stays
 * FULL) and the WAL is flushed on the thread pool; the jobs are answered when the flush is done
 * (ADR 026). This returns after the flush too: meanwhile the event loop serves other requests,
 * whose transactions queue up and share the next batch (one commit per flush, as with FULL, so
 * the pages a batch touches are written to the WAL once per flush, not once per small batch).
 */
const runBatch = async (database: Database, jobs: Job[]): Promise<void> => {
  let outcomes: Outcome[] = [];
  const flush = database.walSync;
  const answer = () => jobs.forEach((job, i) => (outcomes[i]!.ok ? job.resolve : job.reject)(outcomes[i]!.value));
  const fail = (error: unknown) => jobs.forEach((job) => job.reject(error));
  try {
    await database.db.connection().execute(async (conn) => {
      const release = holdConnection(database.db, conn);
      if (flush) await conn.executeQuery(SYNC_NORMAL);
      try {
        await conn.executeQuery(BEGIN);
        try {
          if (jobs.length === 1) {
            // alone in its transaction: a failure rolls the transaction back
            outcomes = [await runOne(conn, jobs[0]!)];
            await conn.executeQuery(outcomes[0]!.ok ? COMMIT : ROLLBACK);
          } else {
            const first = database.changes ? await runOptimistic(conn, jobs, database.changes) : RERUN;
            if (first === RERUN) {
              await conn.executeQuery(ROLLBACK);
              await conn.executeQuery(BEGIN);
              outcomes = await runWithSavepoints(conn, jobs);
            } else outcomes = first;
            await conn.executeQuery(COMMIT);
          }
        } catch (error) {
          await conn.executeQuery(ROLLBACK).catch(() => undefined);
          throw error;
        }
      } finally {
        release();
        if (flush) await conn.executeQuery(SYNC_FULL);
      }
    });
  } catch (error) {
    fail(error);
    return;
  }
  database.checkpointer?.committed();
  // Nobody hears of this commit before it is durable; a failed flush is the database failing.
  if (flush) await flush().then(answer, fail);
  else answer();
};

/**
 * Runs `fn` in one database transaction; a thrown error rolls back what it wrote.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock up front, so two server processes on one file
 * queue on busy_timeout instead of failing when a deferred read lock cannot be upgraded. Group
 * commit: the transactions requested while the event loop gathers I/O run in ONE such
 * transaction and share its fsync, instead of paying one each. Isolation is unchanged (one
 * writer, one connection: jobs already ran one after another), and no caller hears back before
 * the commit that made its writes durable. A job must not call inTransaction itself, nor wait
 * on the network (ADR 003), and must be safe to run twice: its only effects are its writes through
 * `trx` and its return value (a batch whose job failed after writing runs again, ADR 028), besides
 * holds its caller releases (work-in-flight.ts).
 */
export const inTransaction = <T>(database: Database, fn: (trx: Executor) => Promise<T>): Promise<T> => {
  if (database.engine !== 'sqlite') return database.db.transaction().execute(fn);
  let queue = queues.get(database);
  if (!queue) queues.set(database, (queue = { jobs: [], draining: false }));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.jobs.push({ fn, resolve: resolve as (value: unknown) => void, reject }); // the job's fn returns this T; the queue stores jobs of any T
    if (q.draining) return;
    q.draining = true;
    setImmediate(async () => {
      while (q.jobs.length) await runBatch(database, q.jobs.splice(0));
      q.draining = false;
    });
  });
};

/**
 * Adds `FOR UPDATE` on PostgreSQL. SQLite has no row locks: Kysely serialises every
 * transaction over its single connection, and SQLite itself allows one writer, so
 * a read inside a transaction is already stable until commit.
 */
export const forUpdate = <TB extends keyof DB, O>(
  database: Database,
  qb: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (database.engine === 'postgres' ? qb.forUpdate() : qb);
