import type { Kysely } from 'kysely';

/**
 * The demo's reference payment app (server/demo/payment-app, docs/payment-app.md) keeps what it
 * answered, as any payment app must: one row per authorization (by transaction id) and per capture,
 * refund or void (by operation id), so a repeated request gets the same answer, a pending operation
 * is settled later, and the shopper's decision on its page is what completes a customer action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_payment_app')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('page_token', 'text', (c) => c.unique())
    .addColumn('return_url', 'text')
    .addColumn('complete_after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_payment_app').ifExists().execute();
}
