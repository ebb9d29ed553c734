import type { Kysely } from 'kysely';

/**
 * Callback delivery (ADR 005): `seq` orders the callbacks of one transaction (the reported
 * transaction event's seq), `claim_id` names the worker claim that owns an in-flight attempt,
 * `series_start` is the attempt count when the current series of up to 20 attempts began (a manual
 * retry starts a new series), `error` is the callback's `error` query value (report_error).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('claim_id', 'text').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('series_start', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('error', 'text').execute();
  await db.schema.createIndex('outbox_transaction_seq').on('outbox').columns(['transaction_id', 'seq']).execute();
  await db.schema
    .createIndex('outbox_account_created')
    .on('outbox')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('outbox_session').on('outbox').columns(['session_id']).execute();
  await db.schema
    .createIndex('callback_attempts_outbox')
    .on('callback_attempts')
    .columns(['outbox_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['outbox_transaction_seq', 'outbox_account_created', 'outbox_session', 'callback_attempts_outbox'])
    await db.schema.dropIndex(i).ifExists().execute();
  for (const c of ['seq', 'claim_id', 'series_start', 'error'])
    await db.schema.alterTable('outbox').dropColumn(c).execute();
}
