import type { Kysely } from 'kysely';

/**
 * Issue 11, discounts: the account's rules (`discount_rules`, soft-deleted, the rule as given in `data`) and whom
 * each is given to (`discount_rule_customers`: a customer_id, `*` for any customer_id, `/` for no customer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('purchase_from', 'text', (c) => c.notNull())
    .addColumn('purchase_to', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discount_rules_account_created')
    .on('discount_rules')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('discount_rule_customers')
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_rule_customers_pk', ['rule_id', 'customer_key'])
    .execute();
  await db.schema
    .createIndex('discount_rule_customers_account_key')
    .on('discount_rule_customers')
    .columns(['account_id', 'customer_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_rule_customers').ifExists().execute();
  await db.schema.dropTable('discount_rules').ifExists().execute();
}
