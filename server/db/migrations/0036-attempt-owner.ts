import type { Kysely } from 'kysely';

/**
 * Issue 37 item 22: a payment attempt names the process that started it (`kassa_processes.boot_id`,
 * ADR 006), so an attempt whose process died (kill -9 between starting the payment and recording
 * the acquirer's answer) is closed as soon as the heartbeat says that process is dead, instead of
 * after the two minutes the stale-payment recovery waits for an attempt of unknown owner. Null on
 * attempts made before this migration: those keep the two minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('owner_boot_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('owner_boot_id').execute();
}
