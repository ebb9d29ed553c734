import { sql } from 'kysely';
import type { KassaFixture } from '../fixtures';
import { ACCOUNT } from '../test-server';
import type { AccountA } from './resources';

/** Tables that hold no account's data (the migrator's own). */
const SKIP = new Set(['kassa_migrations', 'kassa_migrations_lock']);

/**
 * Everything stored of account A: every row of a table with `account_id` = A, and every row of the
 * other tables that names A (its account id, an id of its resources or the marker). Rows are
 * serialized and sorted, so two snapshots compare with toEqual.
 */
export const snapshotOfA = async (k: Pick<KassaFixture, 'db'>, a: Pick<AccountA, 'marker' | 'ids'>): Promise<Record<string, string[]>> => {
  const db = k.db();
  const tables = (await db.introspection.getTables()).filter((t) => !SKIP.has(t.name));
  const needles = [ACCOUNT, a.marker, ...a.ids];
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const hasAccount = t.columns.some((c) => c.name === 'account_id');
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(db)).rows;
    out[t.name] = rows
      .filter((r) => (hasAccount ? r.account_id === ACCOUNT : needles.some((n) => JSON.stringify(r).includes(n))))
      .map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v)))
      .sort();
  }
  return out;
};
