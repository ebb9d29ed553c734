import type { Kysely } from 'kysely';

/**
 * The demo back office's switches (ADR 029), one row per demo account: `callback_status` is what the
 * store's callback endpoint answers a correctly signed payment callback (200, or 500 to show a failing
 * merchant and a replay from the console).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('callback_status', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_settings').ifExists().execute();
}
