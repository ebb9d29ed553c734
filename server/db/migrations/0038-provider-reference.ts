import type { Kysely } from 'kysely';

/**
 * Issue 38 item 1: what the provider said of an approval is kept with the transaction and handed back
 * to every later call: its own reference of the payment (`provider_reference`) and an opaque, bounded
 * JSON object of its own (`provider_data`, at most 4 KiB: the acquirer's payment id, its state). Null
 * on transactions approved before this migration, and on those never approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('provider_reference', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('provider_data', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('provider_data').execute();
  await db.schema.alterTable('transactions').dropColumn('provider_reference').execute();
}
