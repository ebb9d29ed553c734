import type { Kysely } from 'kysely';

/**
 * The demo store's own data (server/demo): every request its merchant endpoints received
 * (payment callbacks, shipping address and discount code callbacks), so /demo/orders can show
 * them after a restart. Kassa's own tables are never written by the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('demo_callbacks_account_session')
    .on('demo_callbacks')
    .columns(['account_id', 'session_id', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_callbacks').ifExists().execute();
}
