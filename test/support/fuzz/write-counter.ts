import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';

/**
 * A number that moves whenever a statement wrote to the test database. Unchanged across a request:
 * the request wrote nothing, its state is the same without reading any table.
 * - SQLite: per-table counters kept by temporary triggers on the one connection the in-process
 *   server and the test share. They live in the connection's temp schema and roll back with the
 *   transaction, so they count committed writes only, and they name the tables: a refused request
 *   that committed a write to any table but `idempotency_keys` (where ADR 006 stores refusals) is
 *   caught without reading a table (`committedByTable`).
 * - PostgreSQL: a sequence bumped by a statement-level trigger on every table of the test schema
 *   (sequences are not transactional, so a rolled-back write still counts); when it moved, the fuzz
 *   compares full snapshots (snapshot.ts). Installed here; the sequence and function live in the
 *   test's own schema and are not part of any snapshot.
 */
export interface WriteCounter {
  read(): Promise<string>;
  /** SQLite: the tables with committed writes between two readings (PostgreSQL: undefined, compare snapshots). */
  committedByTable?: (before: string, after: string) => string[];
}

export const FUZZ_OBJECT_PREFIX = 'fuzz_';

export const installWriteCounter = async (db: Kysely<DB>, engine: 'sqlite' | 'postgres'): Promise<WriteCounter> => {
  if (engine === 'sqlite') {
    await sql`create temp table if not exists fuzz_table_writes (name text primary key, n integer not null)`.execute(
      db,
    );
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    for (const t of tables.filter((x) => !x.isView && !x.name.startsWith(FUZZ_OBJECT_PREFIX)))
      for (const op of ['insert', 'update', 'delete'])
        await sql
          .raw(
            `create temp trigger if not exists "fuzz_w_${t.name}_${op}" after ${op} on main."${t.name}" begin insert into fuzz_table_writes (name, n) values ('${t.name}', 1) on conflict (name) do update set n = n + 1; end`,
          )
          .execute(db);
    return {
      read: async () =>
        JSON.stringify(
          (
            await sql<{ name: string; n: number }>`select name, n from temp.fuzz_table_writes order by name`.execute(db)
          ).rows.map((r) => [r.name, r.n]),
        ),
      committedByTable: (before, after) => {
        const was = new Map<string, number>(JSON.parse(before) as [string, number][]);
        return (JSON.parse(after) as [string, number][])
          .filter(([name, n]) => was.get(name) !== n)
          .map(([name]) => name);
      },
    };
  }
  await sql`create sequence if not exists fuzz_writes`.execute(db);
  await sql`create or replace function fuzz_count_write() returns trigger language plpgsql as $$ begin perform nextval('fuzz_writes'); return null; end $$`.execute(
    db,
  );
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  for (const t of tables.filter((x) => !x.isView && !x.name.startsWith(FUZZ_OBJECT_PREFIX))) {
    await sql`drop trigger if exists ${sql.id(`fuzz_writes_${t.name}`)} on ${sql.table(t.name)}`.execute(db);
    await sql`create trigger ${sql.id(`fuzz_writes_${t.name}`)} after insert or update or delete or truncate on ${sql.table(t.name)} for each statement execute function fuzz_count_write()`.execute(
      db,
    );
  }
  return {
    read: async () =>
      String(
        (await sql<{ n: string }>`select last_value::text || ':' || is_called::text as n from fuzz_writes`.execute(db))
          .rows[0]!.n,
      ),
  };
};
