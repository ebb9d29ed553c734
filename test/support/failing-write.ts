import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';
import { randomBase58 } from '../../server/shared/ids';

/**
 * Makes the database refuse one kind of update, as a database that fails in the middle of a request
 * (a 503 or a 500 after the provider answered): a trigger, on SQLite or PostgreSQL, that aborts every
 * update of `table` matching `when` (SQL over `old` and `new`). `restore` drops it.
 */
export const failUpdates = async (
  db: Kysely<DB>,
  table: 'transactions' | 'transaction_operations',
  when: string,
): Promise<{ restore(): Promise<void> }> => {
  const name = `test_fail_${randomBase58(8).toLowerCase()}`;
  const postgres = Boolean(process.env.DATABASE_URL); // the engine of every test server of this run
  if (postgres) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'test: the database failed'; end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${name} before update on ${table} for each row when (${when}) execute function ${name}()`)
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger ${name} before update on ${table} when ${when} begin select raise(abort, 'test: the database failed'); end`,
      )
      .execute(db);
  }
  return {
    async restore() {
      await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
      if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
    },
  };
};
