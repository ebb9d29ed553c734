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
