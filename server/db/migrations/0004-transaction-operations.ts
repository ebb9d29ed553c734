import type { Kysely } from 'kysely';

/** Money operations as rows (references, async completion, crash recovery), per-line amounts, gateway settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('lines', 'text').execute();
  await db.schema
    .alterTable('transactions')
    .addColumn('final_captured', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('transactions')
    .addColumn('final_authorization', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('transactions').addColumn('card_brand', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('payout_destination_id', 'text').execute();

  await db.schema
    .createTable('transaction_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('reservation', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // PENDING | ASYNC | DONE | RELEASED
    .addColumn('initiate_request_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('details', 'text')
    .addColumn('request_headers', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('transaction_operations_reference', ['transaction_id', 'operation', 'reference'])
    .execute();
  await db.schema
    .createIndex('transaction_operations_status')
    .on('transaction_operations')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('gateway_settings')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gateway_settings_pk', ['account_id', 'gateway'])
    .execute();

  await db.schema
    .createTable('sandbox_operations')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('complete_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_operations', 'gateway_settings', 'transaction_operations'])
    await db.schema.dropTable(t).ifExists().execute();
}
