import type { Database } from '../db/database';
import { nowIso } from '../shared/clock';
import { generateSecret } from './secret-hash';

/**
 * A server-wide secret (JWT signing key, cookie password) kept in the database so
 * every server process on one PostgreSQL shares it and restarts keep tokens valid.
 */
export const loadOrCreateServerSecret = async (database: Database, name: string): Promise<string> => {
  const existing = await database.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await database.db
    .insertInto('server_secrets')
    .values({ name, value: generateSecret(48), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
};
