import type { Selectable } from 'kysely';
import type { ApiClientGrantsTable } from '../../db/schema';
import { parseStoredScopes } from '../scopes';
import type { GrantView } from './grant-schemas';

export type GrantRow = Selectable<ApiClientGrantsTable>;

export const readGrant = (r: GrantRow): GrantView => ({
  id: r.id,
  client_id: r.client_uuid,
  audience: r.audience,
  scope: parseStoredScopes(r.scope),
  type: r.type,
  created_at: r.created_at,
  created_by: r.created_by,
  ...(r.deleted_at !== null ? { deleted_at: r.deleted_at } : {}),
  ...(r.deleted_by !== null ? { deleted_by: r.deleted_by } : {}),
});
