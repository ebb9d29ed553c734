import type { Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { forUpdate } from '../../db/tx';
import type { ApiClientsTable } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { parseJsonWith } from '../../shared/json-columns';
import { z } from 'zod';
import { everyScopeOfClient } from '../grants/granted-scopes';
import { assertHoldsEvery } from '../no-escalation';
import type { Actor } from '../scopes';
import type { ClientView } from './client-schemas';

export type ClientRow = Selectable<ApiClientsTable>;

export const readClient = (r: ClientRow): ClientView => ({
  id: r.id,
  client_id: r.client_id,
  name: r.name,
  ...(r.description !== null ? { description: r.description } : {}),
  callbacks: parseJsonWith(z.array(z.string()), r.callbacks),
  created_at: r.created_at,
  created_by: r.created_by,
  updated_at: r.updated_at ?? r.created_at,
  ...(r.deleted_at !== null ? { deleted_at: r.deleted_at } : {}),
  ...(r.deleted_by !== null ? { deleted_by: r.deleted_by } : {}),
});

export const clientNotFound = (id: string): AppError => new AppError('CLIENT_NOT_FOUND', `Client ${id} was not found`);

/**
 * A live client of the account by its resource id, locked, that the actor may act on: 404 when there is none, 403
 * SCOPE_NOT_HELD when it has a scope the actor does not hold (ADR 042). Locked, so a grant cannot make it stronger
 * between the check and the change (create-client-grant.ts locks the same row).
 */
export const clientToActOn = async (
  database: Database,
  trx: Executor,
  actor: Actor,
  id: string,
): Promise<ClientRow> => {
  const row = await forUpdate(
    database,
    trx
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', actor.accountId)
      .where('deleted_at', 'is', null),
  ).executeTakeFirst();
  if (!row) throw clientNotFound(id);
  assertHoldsEvery(actor, await everyScopeOfClient(trx, row), 'The client');
  return row;
};

/** A live (not deleted) client of the account by its resource id, or 404. */
export const loadClient = async (db: Executor, accountId: string, id: string): Promise<ClientRow> => {
  const row = await db
    .selectFrom('api_clients')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw clientNotFound(id);
  return row;
};
