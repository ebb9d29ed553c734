import type { Kysely } from 'kysely';

/**
 * Issue 10, customers: the account's customers (`customers`) and the cards its customers stored
 * (`stored_card_tokens`, one row per tokenized card, written in the transaction that records the
 * payment-token attempt). Lower-cased copies (`email_lower`, `search_keys`) make uniqueness and
 * search case-insensitive on both engines; a deleted customer keeps only its id, customer_id, type and
 * stamps, so its email is free again while its customer_id stays taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('search_keys', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_account_customer_id').unique().on('customers').columns(['account_id', 'customer_id']).execute();
  await db.schema.createIndex('customers_account_type_email').unique().on('customers').columns(['account_id', 'type', 'email_lower']).execute();
  await db.schema.createIndex('customers_account_created').on('customers').columns(['account_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('stored_card_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('payment_product_type', 'text', (c) => c.notNull())
    .addColumn('payment_token', 'text', (c) => c.notNull().unique())
    .addColumn('recurrence_token', 'text')
    .addColumn('card', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema.createIndex('stored_card_tokens_account_customer').on('stored_card_tokens').columns(['account_id', 'customer_id']).execute();
  await db.schema.createIndex('stored_card_tokens_account_created').on('stored_card_tokens').columns(['account_id', 'created_at', 'token_id']).execute();
  await db.schema.createIndex('stored_card_tokens_recurrence').on('stored_card_tokens').column('recurrence_token').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_card_tokens').ifExists().execute();
  await db.schema.dropTable('customers').ifExists().execute();
}
