import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';

/**
 * A number that moves whenever any statement wrote to the test database (also when the write was
 * rolled back later). Unchanged across a request: the request wrote nothing, its state is the same
 * without reading any table. Changed: the fuzz compares full snapshots (snapshot.ts).
 * - SQLite: `total_changes()` of the one connection the in-process server and the test share.
 * - PostgreSQL: a sequence bumped by a statement-level trigger on every table of the test schema
 *   (sequences are not transactional, so a rolled-back write still counts). Installed here; the
 *   sequence and function live in the test's own schema and are not part of any snapshot.
 */
export interface WriteCounter {
  read(): Promise<string>;
}

export const FUZZ_OBJECT_PREFIX = 'fuzz_';

export const installWriteCounter = async (db: Kysely<DB>, engine: 'sqlite' | 'postgres'): Promise<WriteCounter> => {
  if (engine === 'sqlite') {
    return { read: async () => String((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n) };
  }
  await sql`create sequence if not exists fuzz_writes`.execute(db);
  await sql`create or replace function fuzz_count_write() returns trigger language plpgsql as $$ begin perform nextval('fuzz_writes'); return null; end $$`.execute(db);
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  for (const t of tables.filter((x) => !x.isView && !x.name.startsWith(FUZZ_OBJECT_PREFIX))) {
    await sql`drop trigger if exists ${sql.id(`fuzz_writes_${t.name}`)} on ${sql.table(t.name)}`.execute(db);
    await sql`create trigger ${sql.id(`fuzz_writes_${t.name}`)} after insert or update or delete or truncate on ${sql.table(t.name)} for each statement execute function fuzz_count_write()`.execute(
      db,
    );
  }
  return { read: async () => String((await sql<{ n: string }>`select last_value::text || ':' || is_called::text as n from fuzz_writes`.execute(db)).rows[0]!.n) };
};
