import type { Kysely } from 'kysely';

/**
 * The resource an Idempotency-Key's request created or moved, written in the same database
 * transaction as that change (ADR 006, "Crash between commit and completion").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('resource_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('resource_id').execute();
}
