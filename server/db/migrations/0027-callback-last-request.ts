import type { Kysely } from 'kysely';

/**
 * Issue 26 (the console's Callbacks): the request the last attempt of a callback sent, as JSON
 * `{method, url, headers, body?}` with its signature header, so the delivery log can show the signed
 * request exactly as it went out. Null until the first attempt; each attempt replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('last_request', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('last_request').execute();
}
