import type { Kysely } from 'kysely';

/**
 * Issue 11, discount claims: a customer's recorded use of discounts (`discount_claims`, released by
 * `released_at`) and one row per claimed rule (`discount_claim_usages`) that the usage limits count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('purchase_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema
    .createIndex('discount_claims_account_created')
    .on('discount_claims')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('discount_claim_usages')
    .addColumn('claim_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('usage', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('released', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_claim_usages_pk', ['claim_id', 'rule_id'])
    .execute();
  await db.schema
    .createIndex('discount_claim_usages_customer')
    .on('discount_claim_usages')
    .columns(['account_id', 'customer_id', 'rule_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_claim_usages').ifExists().execute();
  await db.schema.dropTable('discount_claims').ifExists().execute();
}
