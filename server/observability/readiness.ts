import { sql } from 'kysely';
import type { Database } from '../db/database';
import { MIGRATION_NAMES, MIGRATION_TABLE } from '../db/migrate';

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'current' | 'behind' | 'unknown' };
  /** Migrations this build has that the database has not applied. */
  missing?: string[];
}

/** How long `/readyz` (and `/metrics`' database gauge) waits for the database before saying it is unreachable. */
export const READINESS_PROBE_MS = 800;

const UNREACHABLE: Readiness = { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } };

/** Ready = the database answers a trivial query and every migration of this build is applied. */
export const checkReadiness = async (database: Database): Promise<Readiness> => {
  try {
    await sql`select 1`.execute(database.db);
  } catch {
    return UNREACHABLE;
  }
  try {
    const applied = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(database.db);
    const have = new Set(applied.rows.map((r) => r.name));
    const missing = MIGRATION_NAMES.filter((n) => !have.has(n));
    if (missing.length) return { ready: false, checks: { database: 'ok', migrations: 'behind' }, missing };
    return { ready: true, checks: { database: 'ok', migrations: 'current' } };
  } catch {
    return { ready: false, checks: { database: 'ok', migrations: 'unknown' } };
  }
};

/**
 * A bounded readiness probe (issue 37 item 23, ADR 045): answers within `boundMs` whatever the
 * database does. A database that does not answer in time is `unreachable`, not waited for until
 * the query timeout (10 s), so `/readyz` answers a silent database at once. At most one probe
 * query runs at a time: a call while one is in flight waits for that one (within its own bound),
 * so frequent probes of a silent database hold one connection, not one each.
 */
export const createReadinessProbe = (database: Database, boundMs = READINESS_PROBE_MS) => {
  let inFlight: Promise<Readiness> | undefined;
  return async (): Promise<Readiness> => {
    const probe = (inFlight ??= checkReadiness(database).finally(() => (inFlight = undefined)));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => (timer = setTimeout(() => resolve(UNREACHABLE), boundMs)));
    try {
      return await Promise.race([probe, late]);
    } finally {
      clearTimeout(timer);
    }
  };
};
