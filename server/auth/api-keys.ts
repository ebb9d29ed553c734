import { z } from 'zod';
import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { randomBase58, uuid } from '../shared/ids';
import { SafeString } from '../shared/schemas';
import { parseStoredScopes, type Actor } from './scopes';
import { hashSecret } from './secret-hash';

export const ApiKeyRead = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export const ApiKeyCreated = ApiKeyRead.extend({ api_key: z.string() });
export const CreateApiKeyBody = z.strictObject({ name: SafeString.min(1).max(200) });
export type ApiKeyView = z.infer<typeof ApiKeyRead>;

type Row = {
  id: string;
  name: string;
  created_at: string;
  created_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
};
export const readApiKey = (r: Row): ApiKeyView => ({
  id: r.id,
  name: r.name,
  created_at: r.created_at,
  created_by: r.created_by,
  ...(r.deleted_at ? { deleted_at: r.deleted_at } : {}),
  ...(r.deleted_by ? { deleted_by: r.deleted_by } : {}),
});

/** A key names its account (`^[PT]\d{8}.*$`, as the public API's keys do) and holds 40 random base58 characters. */
export const newApiKey = (accountId: string): string => `${accountId}.${randomBase58(40)}`;

/** API keys (header `x-api-key`) carry the creator's scopes; the key itself is shown only once. */
export const createApiKey = async (ctx: AppContext, actor: Actor, input: z.infer<typeof CreateApiKeyBody>) => {
  const apiKey = newApiKey(actor.accountId);
  const row = {
    id: uuid(),
    account_id: actor.accountId,
    name: input.name,
    key_hash: hashSecret(apiKey),
    scopes: JSON.stringify(actor.scopes),
    created_by: actor.subject,
    created_at: nowIso(),
    deleted_at: null,
    deleted_by: null,
  };
  await ctx.database.db.insertInto('api_keys').values(row).execute();
  return { ...readApiKey(row), api_key: apiKey };
};

export const listApiKeys = async (ctx: AppContext, actor: Actor): Promise<ApiKeyView[]> => {
  const rows = await ctx.database.db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map(readApiKey);
};

/**
 * Resolves an `x-api-key` header to the actor it stands for. The key is hashed first, always, and the
 * row is found by its hash (an index lookup of a value the caller cannot choose), so a key that does
 * not exist costs the same hash as one that does. `hash` is injectable for the test that counts it.
 */
export const actorForApiKey = async (
  ctx: Pick<AppContext, 'database'>,
  apiKey: string,
  hash: (secret: string) => string = hashSecret,
): Promise<Actor> => {
  const row = await ctx.database.db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', hash(apiKey))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('UNAUTHORIZED', 'The API key is not valid');
  return { accountId: row.account_id, subject: `api-key:${row.id}`, scopes: parseStoredScopes(row.scopes) };
};
