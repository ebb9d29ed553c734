import type { Kysely } from 'kysely';

/**
 * Issue 12, lists at a million rows: the stale-payment poller (`recoverStalePayments`, every poll
 * interval) looked for `status = 'INITIATED'` transactions with a scan of the whole table, which
 * at 1 M transactions blocked the event loop for hundreds of milliseconds four times a second.
 * The order-expiry poller's `emptied_at is null and expires_at <= ?` walked every emptied order
 * that had ever expired. Both now read only the rows they are after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('transactions_status_created')
    .on('transactions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('shopping_orders_due')
    .on('shopping_orders')
    .columns(['emptied_at', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shopping_orders_due').ifExists().execute();
  await db.schema.dropIndex('transactions_status_created').ifExists().execute();
}
