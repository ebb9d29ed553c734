import type { Env } from '../config/env';
import type { Database } from '../db/database';
import { nowIso } from '../shared/clock';
import { generateSecret } from './secret-hash';
import { KEY_NAMES, readOrCreateSecretsFile, type ServerKeys } from './secrets-file';

/**
 * A server-wide secret (JWT signing key, cookie password) kept in the database so
 * every server process on one PostgreSQL shares it and restarts keep tokens valid
 * (unless it comes from the environment or KASSA_SECRETS_FILE: loadServerKeys).
 */
export const loadOrCreateServerSecret = async (database: Database, name: string): Promise<string> => {
  const existing = await database.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await database.db
    .insertInto('server_secrets')
    .values({ name, value: generateSecret(48), created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
};

/**
 * The token-signing key, the cookie password and the wallet PIN key (issue 37 item 12): each from its variable
 * (KASSA_JWT_SECRET, KASSA_COOKIE_SECRET, KASSA_WALLET_PIN_KEY), else from KASSA_SECRETS_FILE, else from the
 * database (generated once). A key that comes from the environment or the file is deleted from the database
 * (the file is first made from what the database held), so a copy of the database holds only the keys that
 * come from nowhere else.
 */
export const loadServerKeys = async (
  database: Database,
  env: Pick<Env, 'KASSA_JWT_SECRET' | 'KASSA_COOKIE_SECRET' | 'KASSA_WALLET_PIN_KEY' | 'KASSA_SECRETS_FILE'>,
): Promise<ServerKeys> => {
  const fromEnv: Partial<ServerKeys> = {
    ...(env.KASSA_JWT_SECRET ? { jwt_signing_key: env.KASSA_JWT_SECRET } : {}),
    ...(env.KASSA_COOKIE_SECRET ? { checkout_cookie_password: env.KASSA_COOKIE_SECRET } : {}),
    ...(env.KASSA_WALLET_PIN_KEY ? { wallet_pin_key: env.KASSA_WALLET_PIN_KEY } : {}),
  };
  let keys: Partial<ServerKeys> = fromEnv;
  if (env.KASSA_SECRETS_FILE) {
    const stored = await database.db
      .selectFrom('server_secrets')
      .select(['name', 'value'])
      .where('name', 'in', [...KEY_NAMES])
      .execute();
    const initial = Object.fromEntries(stored.map((r) => [r.name, r.value])) as Partial<ServerKeys>;
    keys = { ...readOrCreateSecretsFile(env.KASSA_SECRETS_FILE, initial), ...fromEnv };
  }
  const elsewhere = KEY_NAMES.filter((n) => keys[n] !== undefined);
  if (elsewhere.length) await database.db.deleteFrom('server_secrets').where('name', 'in', elsewhere).execute();
  for (const name of KEY_NAMES) keys[name] ??= await loadOrCreateServerSecret(database, name);
  return keys as ServerKeys;
};
