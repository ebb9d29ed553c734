import type { Kysely } from 'kysely';

/**
 * Issue 27 (item 7): the account's checkout configuration (`PUT /v1/admin/checkout`), one row per account. Kassa
 * keeps its `merchant` (name, logo_url, website, merchant_category_code, country): new transactions carry the
 * country and category code in their metadata, and the sandbox card acquirer sees card regions from the country.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_configs')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('configuration', 'text', (c) => c.notNull()) // JSON: CheckoutConfiguration
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkout_configs').ifExists().execute();
}
