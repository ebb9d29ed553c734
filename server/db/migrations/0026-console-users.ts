import { sql, type Kysely } from 'kysely';

/**
 * Issue 26: the console's users (e-mail, role, scrypt password hash), their signed-in sessions, and the
 * failed sign-ins the login limit counts (ADR 033). An e-mail is unique among users not deleted, across
 * the server: a partial unique index, which both engines have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('console_users_email_live')
    .on('console_users')
    .column('email')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('console_users_account_created')
    .on('console_users')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('console_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('console_sessions_user').on('console_sessions').column('user_id').execute();
  await db.schema
    .createTable('console_login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('console_login_failures_key')
    .on('console_login_failures')
    .columns(['key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('console_login_failures_created')
    .on('console_login_failures')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_login_failures').ifExists().execute();
  await db.schema.dropTable('console_sessions').ifExists().execute();
  await db.schema.dropTable('console_users').ifExists().execute();
}
