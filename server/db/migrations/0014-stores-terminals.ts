import type { Kysely } from 'kysely';

/**
 * Payout destinations, stores and terminals (issue 10), with the per-account counters that number
 * stores and terminals. Portable types only: text (timestamps ISO UTC, JSON), integer.
 * A terminal's serial number is unique among the account's live terminals through
 * `live_serial_key` (upper-cased serial, NULL once deleted: NULLs never collide on either engine).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_sequences')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_sequences_pk', ['account_id', 'name'])
    .execute();

  await db.schema
    .createTable('payout_destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('payout_destination_id', 'text', (c) => c.notNull())
    .addColumn('payout_reference', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('case_status', 'text', (c) => c.notNull())
    .addColumn('bank_accounts', 'text', (c) => c.notNull())
    .addColumn('organization', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payout_destinations_account_pdid', ['account_id', 'payout_destination_id'])
    .execute();
  await db.schema
    .createIndex('payout_destinations_list')
    .on('payout_destinations')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('organization', 'text')
    .addColumn('payout_destination_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stores_account_store_id', ['account_id', 'store_id'])
    .addUniqueConstraint('stores_account_seq', ['account_id', 'seq'])
    // NULL payout_destination_id (a store without one) is not checked on either engine.
    .addForeignKeyConstraint(
      'stores_payout_destination',
      ['account_id', 'payout_destination_id'],
      'payout_destinations',
      ['account_id', 'payout_destination_id'],
    )
    .execute();

  await db.schema
    .createTable('terminals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('device_serial_number', 'text', (c) => c.notNull())
    .addColumn('live_serial_key', 'text')
    .addColumn('device_model', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .addUniqueConstraint('terminals_account_terminal_id', ['account_id', 'terminal_id'])
    .addUniqueConstraint('terminals_account_seq', ['account_id', 'seq'])
    .addUniqueConstraint('terminals_account_live_serial', ['account_id', 'live_serial_key'])
    .addForeignKeyConstraint('terminals_store', ['account_id', 'store_id'], 'stores', ['account_id', 'store_id'])
    .execute();
  await db.schema.createIndex('terminals_account_store').on('terminals').columns(['account_id', 'store_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terminals').ifExists().execute();
  await db.schema.dropTable('stores').ifExists().execute();
  await db.schema.dropTable('payout_destinations').ifExists().execute();
  await db.schema.dropTable('account_sequences').ifExists().execute();
}
