import type { Kysely } from 'kysely';

/** Session profiles, payment-token and merchant-initiated sessions, pay locks, stored request headers, sandbox card vault. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('session_profiles_account_profile', ['account_id', 'profile_id'])
    .execute();

  for (const [name, type] of [
    ['kind', 'PAYMENT'],
    ['pay_lock_id', null],
    ['token_provider', null],
    ['payment_operation', null],
    ['profile_id', null],
    ['request_headers', null],
    ['customer_email', null],
    ['merchant_reference_2', null],
  ] as const) {
    await db.schema
      .alterTable('sessions')
      .addColumn(name, 'text', (c) => (type ? c.notNull().defaultTo(type) : c))
      .execute();
  }
  await db.schema.alterTable('session_events').addColumn('request_headers', 'text').execute();
  await db.schema.alterTable('transaction_events').addColumn('request_headers', 'text').execute();
  for (const name of ['payment_token', 'recurrence_token', 'payment_operation']) {
    await db.schema.alterTable('transactions').addColumn(name, 'text').execute();
  }
  await db.schema
    .createIndex('sessions_account_merchant_reference')
    .on('sessions')
    .columns(['account_id', 'merchant_reference'])
    .execute();
  await db.schema.createIndex('sessions_transaction').on('sessions').column('transaction_id').execute();

  await db.schema
    .createTable('sandbox_vault')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('token_type', 'text', (c) => c.notNull())
    .addColumn('card', 'text', (c) => c.notNull())
    .addColumn('behavior', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_vault').ifExists().execute();
  await db.schema.dropTable('session_profiles').ifExists().execute();
}
