import type { Kysely } from 'kysely';

/**
 * Issue 37 item 22: a money operation (capture, refund, void) names the process that asked the provider
 * (`kassa_processes.boot_id`, ADR 006), as payment attempts do since 0036. The operations worker takes a
 * PENDING operation over as soon as its process is dead by the heartbeat (10 s) or, in its own process,
 * as soon as no request there still works on it (ADR 047), instead of after a fixed age. Null on older
 * rows: those keep the age rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_operations').addColumn('owner_boot_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_operations').dropColumn('owner_boot_id').execute();
}
