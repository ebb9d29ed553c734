import type { Kysely } from 'kysely';

/**
 * Session fields of the public API: `platform_type` (aggregator | marketplace, copied to the
 * transaction's data), and the calling plugin's name (`Kassa-System-Plugin-Name`, also on the
 * INITIATED event) as a column so `GET /v1/sessions?system_plugin_name=` can filter on it. An index
 * for the retention purge of final outbox rows (server/maintenance/purge-expired-rows.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('platform_type', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('system_plugin_name', 'text').execute();
  await db.schema
    .createIndex('sessions_account_plugin')
    .on('sessions')
    .columns(['account_id', 'system_plugin_name', 'created_at'])
    .execute();
  await db.schema.createIndex('outbox_status_updated').on('outbox').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_status_updated').ifExists().execute();
  await db.schema.dropIndex('sessions_account_plugin').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('system_plugin_name').execute();
  await db.schema.alterTable('sessions').dropColumn('platform_type').execute();
}
