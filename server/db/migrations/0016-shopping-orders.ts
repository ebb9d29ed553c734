import type { Kysely } from 'kysely';

/**
 * Shopping drafts and orders (issue 11): one row per draft, which becomes the order on completion
 * (order_id set). Portable types only: text (timestamps ISO UTC, JSON), integer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shopping_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('emptied_at', 'text')
    .addUniqueConstraint('shopping_orders_account_order_id', ['account_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('shopping_orders_list')
    .on('shopping_orders')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('shopping_orders_expiry').on('shopping_orders').columns(['expires_at']).execute();

  // An order's payment is read from the transactions whose merchant_reference is its order_id.
  await db.schema
    .createIndex('transactions_account_merchant_reference')
    .on('transactions')
    .columns(['account_id', 'merchant_reference'])
    .execute();

  await db.schema
    .createTable('shopping_order_numbers')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shopping_order_numbers').execute();
  await db.schema.dropIndex('transactions_account_merchant_reference').execute();
  await db.schema.dropTable('shopping_orders').execute();
}
