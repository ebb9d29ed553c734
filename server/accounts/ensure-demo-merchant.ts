import type { Env } from '../config/env';
import type { Database } from '../db/database';
import { inTransaction } from '../db/tx';
import { ALL_SCOPES } from '../auth/scopes';
import { generateSecret, hashChosenSecret, isChosenSecretHash, secretMatches } from '../auth/secret-hash';
import { demoStoreEnabled } from '../demo/demo-switch';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { ensureAccountClient } from './ensure-account-client';

export interface MerchantCredentials {
  /** The startup merchant: KASSA_BOOTSTRAP_ACCOUNT's, else the demo merchant. */
  accountId: string;
  clientId: string;
  /** The startup merchant is the demo merchant (no KASSA_BOOTSTRAP_* set). */
  demo: boolean;
  /** The demo merchant's client secret, only on the start that made it: it is stored hashed and never shown again. */
  newClientSecret?: string;
  /** Set when the demo store (/demo) is on: its own test account, never the bootstrap merchant's (ADR 029). */
  demoStore?: { accountId: string; clientId: string };
}

export const DEMO_ACCOUNT_ID = 'T00000001';
/** A start-up client deleted through the API is made again by the next start, which is configured to have it. */
const REVIVED = { deleted_at: null, deleted_by: null };
export const DEMO_CLIENT_ID = 'demo-merchant';

/**
 * The demo merchant (DEMO_ACCOUNT_ID, client DEMO_CLIENT_ID, every scope), its secret kept as a scrypt hash
 * (a person may have chosen it: secret-hash.ts): KASSA_DEMO_CLIENT_SECRET sets (or replaces) it, and the
 * stored hash stays while it matches (the demo login cookie names it); else one is generated when the client
 * is first made, and only that start gets it back. The hash is made before the transaction (off the event
 * loop, holding no lock). A clear copy kept by older versions (server_secrets.demo_client_secret) is deleted.
 */
const ensureDemoMerchant = async (database: Database, env: Env): Promise<string | undefined> => {
  const chosen = env.KASSA_DEMO_CLIENT_SECRET;
  const secret = chosen ?? generateSecret(48);
  const before = await database.db
    .selectFrom('api_clients')
    .select('secret_hash')
    .where('client_id', '=', DEMO_CLIENT_ID)
    .executeTakeFirst();
  const current =
    chosen !== undefined &&
    before !== undefined &&
    isChosenSecretHash(before.secret_hash) &&
    (await secretMatches(chosen, before.secret_hash));
  const secretHash = current ? before.secret_hash : await hashChosenSecret(secret, env.KASSA_CONSOLE_PASSWORD_COST);
  return inTransaction(database, async (trx) => {
    const now = nowIso();
    await trx.deleteFrom('server_secrets').where('name', '=', 'demo_client_secret').execute();
    await trx
      .insertInto('accounts')
      .values({ id: DEMO_ACCOUNT_ID, name: 'Kassa Demo Shop', created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = { account_id: DEMO_ACCOUNT_ID, scopes: JSON.stringify(ALL_SCOPES), secret_hash: secretHash };
    const existing = await trx
      .selectFrom('api_clients')
      .select(['id', 'secret_hash'])
      .where('client_id', '=', DEMO_CLIENT_ID)
      .executeTakeFirst();
    if (existing) {
      // the stored secret stays unless KASSA_DEMO_CLIENT_SECRET replaces it
      await trx
        .updateTable('api_clients')
        .set({ ...(chosen ? row : { account_id: row.account_id, scopes: row.scopes }), ...REVIVED })
        .where('id', '=', existing.id)
        .execute();
      return undefined;
    }
    await trx
      .insertInto('api_clients')
      .values({ id: uuid(), client_id: DEMO_CLIENT_ID, name: DEMO_CLIENT_ID, created_at: now, ...row })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    const stored = await trx
      .selectFrom('api_clients')
      .select('secret_hash')
      .where('client_id', '=', DEMO_CLIENT_ID)
      .executeTakeFirstOrThrow();
    // another process may have made it first: then that one shows its secret
    return !chosen && stored.secret_hash === secretHash ? secret : undefined;
  });
};

/**
 * With KASSA_BOOTSTRAP_* set, makes sure that account and client exist (for a fresh server or a
 * merchant's CI); otherwise the demo merchant is the startup merchant. The demo store, when on
 * (demoStoreEnabled), always runs on the demo merchant's own test account.
 */
export const ensureStartupMerchant = async (database: Database, env: Env): Promise<MerchantCredentials> => {
  const store = demoStoreEnabled(env);
  const demoStore = store ? { accountId: DEMO_ACCOUNT_ID, clientId: DEMO_CLIENT_ID } : undefined;
  if (env.KASSA_BOOTSTRAP_ACCOUNT && env.KASSA_BOOTSTRAP_CLIENT_ID && env.KASSA_BOOTSTRAP_CLIENT_SECRET) {
    if (
      store &&
      (env.KASSA_BOOTSTRAP_ACCOUNT === DEMO_ACCOUNT_ID || env.KASSA_BOOTSTRAP_CLIENT_ID === DEMO_CLIENT_ID)
    ) {
      throw new Error(
        `${DEMO_ACCOUNT_ID} and ${DEMO_CLIENT_ID} belong to the demo store: choose another KASSA_BOOTSTRAP_ACCOUNT and client id, or set KASSA_DEMO=false`,
      );
    }
    const spec = {
      accountId: env.KASSA_BOOTSTRAP_ACCOUNT,
      accountName: `Merchant ${env.KASSA_BOOTSTRAP_ACCOUNT}`,
      clientId: env.KASSA_BOOTSTRAP_CLIENT_ID,
      clientSecret: env.KASSA_BOOTSTRAP_CLIENT_SECRET,
    };
    await ensureAccountClient(database, spec, env.KASSA_CONSOLE_PASSWORD_COST);
    const newClientSecret = store ? await ensureDemoMerchant(database, env) : undefined;
    return {
      accountId: spec.accountId,
      clientId: spec.clientId,
      demo: false,
      demoStore,
      ...(newClientSecret ? { newClientSecret } : {}),
    };
  }
  const newClientSecret = await ensureDemoMerchant(database, env);
  return {
    accountId: DEMO_ACCOUNT_ID,
    clientId: DEMO_CLIENT_ID,
    demo: true,
    demoStore,
    ...(newClientSecret ? { newClientSecret } : {}),
  };
};
