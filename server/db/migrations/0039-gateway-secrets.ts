import type { Kysely } from 'kysely';

/**
 * Issue 38 item 7 (ADR 049): the credentials of a gateway configuration, sealed (AES-256-GCM,
 * server/secrets/), apart from its `configuration`: a JSON object of field name to sealed value, or null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gateway_settings').addColumn('secrets', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gateway_settings').dropColumn('secrets').execute();
}
