import { sql } from 'kysely';
import type { Database } from '../db/database';
import { MIGRATION_NAMES, MIGRATION_TABLE } from '../db/migrate';

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'current' | 'behind' | 'unknown' };
  /** Migrations this build has that the database has not applied. */
  missing?: string[];
}

/** Ready = the database answers a trivial query and every migration of this build is applied. */
export const checkReadiness = async (database: Database): Promise<Readiness> => {
  try {
    await sql`select 1`.execute(database.db);
  } catch {
    return { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } };
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
