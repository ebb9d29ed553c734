import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { ApiClientsTable } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { parseJsonWith } from '../../shared/json-columns';
import { z } from 'zod';
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
