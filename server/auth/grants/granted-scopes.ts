import type { Executor } from '../../db/database';
import { parseStoredScopes } from '../scopes';

/**
 * The scopes a token for `audience` (already in normal form) and `grantType` carries: the client's start-up scopes
 * (the bootstrap or demo client, for any audience of its account) and those of its live grants for exactly that
 * audience and type. Empty: the client has no grant there.
 */
export const grantedScopes = async (
  db: Executor,
  client: { id: string; scopes: string },
  audience: string,
  grantType: string,
): Promise<string[]> => {
  const grants = await db
    .selectFrom('api_client_grants')
    .select('scope')
    .where('client_uuid', '=', client.id)
    .where('audience', '=', audience)
    .where('type', '=', grantType as 'client_credentials')
    .where('deleted_at', 'is', null)
    .execute();
  const scopes = new Set(parseStoredScopes(client.scopes));
  for (const g of grants) for (const s of parseStoredScopes(g.scope)) scopes.add(s);
  return [...scopes];
};

/**
 * Every scope a client can get a token with: its start-up scopes and those of all its live grants, whatever their
 * audience or type. Who may rotate, change, delete or grant to it must hold them all (server/auth/no-escalation.ts).
 */
export const everyScopeOfClient = async (db: Executor, client: { id: string; scopes: string }): Promise<string[]> => {
  const grants = await db
    .selectFrom('api_client_grants')
    .select('scope')
    .where('client_uuid', '=', client.id)
    .where('deleted_at', 'is', null)
    .execute();
  return [...new Set([...parseStoredScopes(client.scopes), ...grants.flatMap((g) => parseStoredScopes(g.scope))])];
};
