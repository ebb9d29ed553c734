import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { addSeconds, nowIso } from '../shared/clock';

/**
 * Which Kassa processes are alive (issue 24 item 7, ADR 006): each process registers a boot id in
 * `kassa_processes` when it starts and refreshes its `heartbeat_at` every HEARTBEAT_MS; a graceful
 * stop deletes the row. An Idempotency-Key claim names the process that made it, so a claim whose
 * owner is gone (no row) or silent (no heartbeat for OWNER_TIMEOUT_SECONDS, e.g. after kill -9) is
 * free within seconds instead of after the claim's ten-minute lease. One mechanism for SQLite
 * (several processes on one file) and PostgreSQL (several hosts): the database is the only thing
 * they share. Timestamps come from each process's clock, like every timestamp in Kassa.
 */
export const HEARTBEAT_MS = 2000;
/**
 * A process with no heartbeat for this long counts as dead. Well above HEARTBEAT_MS plus a write
 * held up by another process's lock (SQLite's busy timeout, 5 s by default) or a slow event loop:
 * taking over a claim of a live process is safe (oncePerKey keeps the change from happening
 * twice) but makes two requests run for one key.
 */
export const OWNER_TIMEOUT_SECONDS = 10;
/** Rows of processes silent this long are deleted when a process starts (their claims are free anyway). */
const FORGET_AFTER_SECONDS = 24 * 3600;

const bootIds = new WeakMap<Database, string>();

/** The boot id of this process's registration on `database`; undefined if none (claims then fall back to the lease). */
export const bootIdOf = (database: Database): string | undefined => bootIds.get(database);

export interface ClaimOwner {
  owner_boot_id: string | null;
  /** The owner's `kassa_processes.heartbeat_at`; null when it has no row. */
  owner_heartbeat_at: string | null;
}

/**
 * Whether a claim's owner is known to be dead: it names a process other than this one whose row
 * is gone or whose heartbeat is older than OWNER_TIMEOUT_SECONDS. A claim naming no process (made
 * before migration 0023) is not: it waits for its lease.
 */
export const ownerIsGone = (database: Database, owner: ClaimOwner, now: string): boolean => {
  if (owner.owner_boot_id === null || owner.owner_boot_id === bootIdOf(database)) return false;
  return owner.owner_heartbeat_at === null || addSeconds(owner.owner_heartbeat_at, OWNER_TIMEOUT_SECONDS) <= now;
};

export interface KassaProcessRegistration {
  readonly bootId: string;
  /** Stops the heartbeat and deletes the row, so this process's claims are free at once. */
  stop(): Promise<void>;
}

export interface HeartbeatLog {
  /** The heartbeat could not be written (once, when it starts failing). */
  onError(err: unknown): void;
  /** It could again, after `failed` failures. */
  onRecover(failed: number): void;
}

/** Registers this process on `database` and keeps its heartbeat until `stop()`. */
export const registerKassaProcess = async (
  database: Database,
  log: HeartbeatLog,
): Promise<KassaProcessRegistration> => {
  const { db } = database;
  const bootId = randomUUID();
  const beat = async () => {
    const now = nowIso();
    // An upsert: a row deleted meanwhile (by hand, or by a process that found it silent for a day) comes back.
    await db
      .insertInto('kassa_processes')
      .values({ boot_id: bootId, started_at: now, heartbeat_at: now })
      .onConflict((oc) => oc.column('boot_id').doUpdateSet({ heartbeat_at: now }))
      .execute();
  };
  await beat();
  const forgotten = addSeconds(nowIso(), -FORGET_AFTER_SECONDS);
  await db.deleteFrom('kassa_processes').where('heartbeat_at', '<', forgotten).execute();
  bootIds.set(database, bootId);

  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running = beat()
      .then(
        () => {
          if (failures > 0) log.onRecover(failures);
          failures = 0;
        },
        (err: unknown) => {
          // The database is away, most likely (ADR 022): said once, tried again at the next beat.
          if (failures++ === 0) log.onError(err);
        },
      )
      .then(() => {
        running = undefined;
        // unref: the heartbeat alone never keeps a process alive.
        if (!stopped) timer = setTimeout(tick, HEARTBEAT_MS).unref();
      });
  };
  timer = setTimeout(tick, HEARTBEAT_MS).unref();
  return {
    bootId,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      bootIds.delete(database);
      await db.deleteFrom('kassa_processes').where('boot_id', '=', bootId).execute();
    },
  };
};
