import { sql } from 'kysely';
import type { KassaFixture } from '../fixtures';
import { ACCOUNT } from '../test-server';
import type { AccountA } from './resources';

/** Tables that hold no account's data (the migrator's own). */
const tableLists = new WeakMap<object, { name: string; hasAccount: boolean }[]>();
const SKIP = new Set(['kassa_migrations', 'kassa_migrations_lock']);

/**
 * Everything stored of account A: every row of a table with `account_id` = A, and every row of the
 * other tables that names A (its account id, an id of its resources or the marker). Rows are
 * serialized and sorted, so two snapshots compare with toEqual.
 */
export const snapshotOfA = async (
  k: Pick<KassaFixture, 'db'>,
  a: Pick<AccountA, 'marker' | 'ids'>,
): Promise<Record<string, string[]>> => {
  const db = k.db();
  let tables = tableLists.get(db);
  if (!tables) {
    tables = (await db.introspection.getTables())
      .filter((t) => !SKIP.has(t.name))
      .map((t) => ({ name: t.name, hasAccount: t.columns.some((c) => c.name === 'account_id') }));
    tableLists.set(db, tables);
  }
  const needles = [ACCOUNT, a.marker, ...a.ids];
  const dumps = await Promise.all(
    tables.map(async (t) => {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(db)).rows;
      const text = rows.map((r) => JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
      return [
        t.name,
        text
          .filter((row, i) => (t.hasAccount ? rows[i]!.account_id === ACCOUNT : needles.some((n) => row.includes(n))))
          .sort(),
      ] as const;
    }),
  );
  return Object.fromEntries(dumps);
};
