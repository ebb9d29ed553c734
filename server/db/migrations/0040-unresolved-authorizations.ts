import type { Kysely } from 'kysely';

/**
 * Issue 38 item 2: an authorization whose outcome the provider did not say (a timeout, an answer Kassa cannot read)
 * stays INITIATED and unresolved; the recovery asks the provider's `authorizationStatus` with back-off:
 * `confirm_after` is when it asks next (null: at once, as soon as nobody works on it), `confirm_asks` how often
 * it asked. The sandbox keeps the authorizations it decided (`sandbox_authorizations`), as a real acquirer keeps
 * its own, so a status query has something to answer from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('confirm_after', 'text').execute();
  await db.schema
    .alterTable('transactions')
    .addColumn('confirm_asks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sandbox_authorizations')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_authorizations').execute();
  await db.schema.alterTable('transactions').dropColumn('confirm_asks').execute();
  await db.schema.alterTable('transactions').dropColumn('confirm_after').execute();
}
