import type { Kysely } from 'kysely';

/**
 * Issue 26: clients and client grants through the API (`/v1/accounts/{aid}/auth/clients`, `.../client-grants`).
 * A client gains what the public shape reads (description, callbacks, who made it, soft delete); a grant gives a
 * client scopes for one audience and grant type. `api_clients.scopes` stays: the scopes of the client Kassa makes
 * at start-up (KASSA_BOOTSTRAP_* or the demo merchant), which needs no grant; a client made through the API has
 * none there and gets its scopes from its grants only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_clients').addColumn('description', 'text').execute();
  await db.schema
    .alterTable('api_clients')
    .addColumn('callbacks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('api_clients')
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo('kassa'))
    .execute();
  await db.schema.alterTable('api_clients').addColumn('updated_at', 'text').execute();
  await db.schema.alterTable('api_clients').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('api_clients').addColumn('deleted_by', 'text').execute();
  await db.schema
    .createTable('api_client_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('client_uuid', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('api_client_grants_by_client')
    .on('api_client_grants')
    .columns(['client_uuid', 'audience'])
    .execute();
  await db.schema
    .createIndex('api_client_grants_by_account')
    .on('api_client_grants')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('api_clients_by_account')
    .on('api_clients')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_client_grants').ifExists().execute();
  await db.schema.dropIndex('api_clients_by_account').ifExists().execute();
  for (const column of ['description', 'callbacks', 'created_by', 'updated_at', 'deleted_at', 'deleted_by'])
    await db.schema.alterTable('api_clients').dropColumn(column).execute();
}
