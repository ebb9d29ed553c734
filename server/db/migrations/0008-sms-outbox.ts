import type { Kysely } from 'kysely';

/**
 * The SMS sink: every text message Kassa sends (the checkout's confirmation codes) is written here,
 * where tests and the console read it (`GET /v1/admin/sms`); no SMS gateway is called.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_account_session')
    .on('sms_outbox')
    .columns(['account_id', 'session_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_outbox').ifExists().execute();
}
