import type { Kysely } from 'kysely';

/**
 * Payments that wait for the customer on another page (3-D Secure challenge, wallet approval):
 * the attempt stays INITIATED with what the page must do (`pending_action`, JSON) until
 * `awaiting_customer_until`; the stale-payment recovery closes it only after that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('awaiting_customer_until', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('pending_action', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('pending_action').execute();
  await db.schema.alterTable('transactions').dropColumn('awaiting_customer_until').execute();
}
