import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';

/** A row left out of the compare: `table` and the row as read. */
export type RowFilter = (table: string, row: Record<string, unknown>) => boolean;

export interface StateSnapshot {
  /** sha256 over every table, in name order, each table's rows sorted by their canonical text. */
  hash: string;
  /** Per table: its hash and row count (to name what changed). */
  tables: Record<string, { hash: string; rows: number }>;
}

const canonical = (row: Record<string, unknown>): string =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => {
        const v = row[k];
        return [
          k,
          v instanceof Date
            ? v.toISOString()
            : Buffer.isBuffer(v)
              ? v.toString('hex')
              : typeof v === 'bigint'
                ? v.toString()
                : v,
        ];
      }),
  );

/** Written by each process on a timer, not by a request (its heartbeat, ADR 006): never part of a snapshot. */
export const BACKGROUND_TABLES: ReadonlySet<string> = new Set(['kassa_processes']);

const names = new WeakMap<Kysely<DB>, Promise<string[]>>();

/** The tables, read once per database handle (the fuzz creates none). */
const tableNames = (db: Kysely<DB>): Promise<string[]> => {
  let list = names.get(db);
  if (!list) names.set(db, (list = readTableNames(db)));
  return list;
};

const readTableNames = async (db: Kysely<DB>): Promise<string[]> => {
  // Both engines' introspectors (PostgreSQL: only our own schema, see own-schema-introspector.ts), Kysely's own tables included.
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((t) => !t.isView && !BACKGROUND_TABLES.has(t.name))
    .map((t) => t.name)
    .sort();
};

/**
 * Reads every table of the test database (SQLite or PostgreSQL) in a deterministic order and hashes
 * it. Rows are sorted by their canonical text, so the order the engine returns them in does not
 * matter. `skip` leaves rows out (e.g. stored idempotent refusals, which ADR 006 keeps for replay).
 */
export const snapshotState = async (db: Kysely<DB>, skip?: RowFilter): Promise<StateSnapshot> => {
  const all = createHash('sha256');
  const tables: StateSnapshot['tables'] = {};
  for (const name of await tableNames(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const lines = rows
      .filter((r) => !skip?.(name, r))
      .map(canonical)
      .sort();
    const h = createHash('sha256');
    for (const line of lines) h.update(line).update('\n');
    const digest = h.digest('hex');
    tables[name] = { hash: digest, rows: lines.length };
    all.update(name).update(':').update(digest).update('\n');
  }
  return { hash: all.digest('hex'), tables };
};

/** The tables whose content differs between two snapshots, with their row counts before and after. */
export const changedTables = (before: StateSnapshot, after: StateSnapshot): string[] =>
  [...new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])]
    .filter((t) => before.tables[t]?.hash !== after.tables[t]?.hash)
    .map((t) => `${t} (${before.tables[t]?.rows ?? 0} -> ${after.tables[t]?.rows ?? 0} rows)`);
