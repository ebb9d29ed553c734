import type { Kysely } from 'kysely';

/**
 * Issue 24: one row per customer write of a session (PUT /v1/view/{id}/session/order/*, the
 * payment information event), with the bytes its events store, so writes per hour and the bytes a
 * session's events may hold are counted in the database, under the session's row lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_view_writes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_view_writes_session')
    .on('session_view_writes')
    .columns(['session_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_view_writes').ifExists().execute();
}
