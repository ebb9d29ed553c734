import type { Kysely } from 'kysely';

/**
 * The sessions the demo store created itself (server/demo, ADR 029): its orders page lists and its
 * Capture, Refund and Void buttons act on these only, never on another session of its account.
 * Sessions made before this migration are not in it (a `demo-` reference proves nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_orders')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('demo_orders_account_created')
    .on('demo_orders')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_orders').ifExists().execute();
}
