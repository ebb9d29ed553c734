import type { Kysely } from 'kysely';

/**
 * Issue 24 item 7: an Idempotency-Key claim belongs to the process that made it (ADR 006). Every
 * running Kassa process has a row here, refreshed by its heartbeat; a claim whose owner's row is
 * gone or silent is free at once, instead of after the claim's ten-minute lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kassa_processes')
    .addColumn('boot_id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  // Null on claims made before this migration: those keep the ten-minute lease.
  await db.schema.alterTable('idempotency_keys').addColumn('owner_boot_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('owner_boot_id').execute();
  await db.schema.dropTable('kassa_processes').ifExists().execute();
}
