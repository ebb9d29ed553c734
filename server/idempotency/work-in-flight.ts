import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { addSeconds, nowIso } from '../shared/clock';
import { bootIdOf, OWNER_TIMEOUT_SECONDS } from './kassa-processes';

/**
 * Who still works on a payment attempt or a money operation (issue 37 item 22, ADR 047). A row that asks
 * a provider (an INITIATED attempt, a PENDING operation) names its process (`owner_boot_id`), and the
 * request that wrote it holds its id here, in this process, until its pipeline has ended (answered,
 * failed, or cut off by a 503). The recovery steps take over a row only when nobody can still be
 * working on it (`orphaned`): its process is dead by the heartbeat, or it is this process and no request
 * here holds it. So a pay or an operation cut off by a crash or a 503 is free within seconds, and a call
 * still on its way to a provider (a payment app may take 30 s) is never asked about nor closed.
 *
 * The hold is handed down explicitly (`HeldWork`, from `runPipeline` to the writer of the row), not kept
 * in AsyncLocalStorage: on Node 20 that turns on a promise hook for every promise of the process, which
 * cost every request 10 to 40 % more CPU in `npm run bench:compare`.
 */
const held = new WeakMap<Database, Map<string, number>>();

/** One request's hold on the rows it writes: each id it holds is released when its work ends. */
export interface HeldWork {
  /** Marks the row `id` as worked on by this request, before the row is committed. */
  hold(database: Database, id: string): void;
}

/** Runs `work` as one request's work: every id it holds through `held` is released when `work` settles. */
export const withHeldWork = async <T>(work: (held: HeldWork) => Promise<T>): Promise<T> => {
  const releases: (() => void)[] = [];
  const hold = (database: Database, id: string) => {
    let ids = held.get(database);
    if (!ids) held.set(database, (ids = new Map()));
    const counts = ids;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    releases.push(() => {
      const left = (counts.get(id) ?? 1) - 1;
      if (left > 0) counts.set(id, left);
      else counts.delete(id);
    });
  };
  try {
    return await work({ hold });
  } finally {
    for (const release of releases) release();
  }
};

/** The ids this process's requests hold now. */
export const heldHere = (database: Database): string[] => [...(held.get(database)?.keys() ?? [])];

/**
 * Whether a request of this process holds `id` now. A recovery step asks it again for each row its
 * query returned (`orphaned` read the holds before the query ran; a row written meanwhile was held
 * before it was committed, so it is held now if its request still runs).
 */
export const isHeldHere = (database: Database, id: string): boolean => held.get(database)?.has(id) ?? false;

export interface OwnedRow {
  /** The row's id column, e.g. `t.id`. */
  id: string;
  /** Its `owner_boot_id` column. */
  owner: string;
  /** The owner's `kassa_processes` row, joined: its `boot_id` (null when the row is gone) and `heartbeat_at`. */
  ownerRow: string;
  ownerHeartbeat: string;
  /** When the row was written, e.g. `t.created_at`: a row older than `before` is taken whoever owns it. */
  writtenAt: string;
}

/**
 * The one rule of "nobody still works on it", as SQL over a row left-joined to its owner's
 * `kassa_processes` row: no request of this process holds it, and its owner is another process known
 * dead (no row, or no heartbeat for OWNER_TIMEOUT_SECONDS), or this process, or (the backstop for rows of
 * no known owner, and for processes that run no recovery step) it was written before `before`, which
 * callers set well beyond the longest provider call (30 s).
 */
export const orphaned = (database: Database, cols: OwnedRow, before: string): RawBuilder<SqlBool> => {
  const self = bootIdOf(database) ?? null;
  const silentSince = addSeconds(nowIso(), -OWNER_TIMEOUT_SECONDS);
  const id = sql.ref(cols.id);
  const owner = sql.ref(cols.owner);
  const dead = sql`(${owner} <> ${self ?? ''} and (${sql.ref(cols.ownerRow)} is null or ${sql.ref(cols.ownerHeartbeat)} <= ${silentSince}))`;
  const mine = self ? sql`${owner} = ${self}` : sql`1 = 0`;
  const here = heldHere(database);
  const unheld = here.length === 0 ? sql`1 = 1` : sql`${id} not in (${sql.join(here)})`;
  return sql<SqlBool>`(${unheld} and (${dead} or ${mine} or ${sql.ref(cols.writtenAt)} <= ${before}))`;
};
