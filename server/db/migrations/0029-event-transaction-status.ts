import type { Kysely } from 'kysely';

/**
 * Issue 27 (item 14): a transaction event keeps the transaction's status after it (`transaction_status`
 * in the API), written with the event in the transaction that changed the status. Null for events
 * written before, which then show none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_events').addColumn('transaction_status', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_events').dropColumn('transaction_status').execute();
}
