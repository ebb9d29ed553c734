import { sql, type Kysely } from 'kysely';

/**
 * Issue 37 (items 6, 11, 13): the sign-in limits' memory in the database (server/auth/sign-in-limits.ts):
 * `attempt_counters`, one row per counted key (a count within a window, raised by one conditional upsert so
 * concurrent attempts cannot pass the same last slot), and `good_addresses`, the addresses that signed in
 * lately (they pass a ceiling from every address). They replace `console_login_failures`. A console user's
 * e-mail becomes unique within its account, not across the server (ADR 043).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_counters_ends').on('attempt_counters').column('window_ends_at').execute();
  await db.schema
    .createTable('good_addresses')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('good_addresses_until').on('good_addresses').column('until').execute();
  await db.schema.dropTable('console_login_failures').ifExists().execute();
  await db.schema.dropIndex('console_users_email_live').ifExists().execute();
  await db.schema
    .createIndex('console_users_account_email_live')
    .on('console_users')
    .columns(['account_id', 'email'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('console_users_account_email_live').ifExists().execute();
  await db.schema.dropTable('good_addresses').ifExists().execute();
  await db.schema.dropTable('attempt_counters').ifExists().execute();
}
