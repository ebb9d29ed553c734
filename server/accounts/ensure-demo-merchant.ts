import type { Env } from '../config/env';
import type { Database } from '../db/database';
import { loadOrCreateServerSecret } from '../auth/server-secret';
import { ensureAccountClient } from './ensure-account-client';

export interface MerchantCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
  demo: boolean;
}

export const DEMO_ACCOUNT_ID = 'T00000001';
export const DEMO_CLIENT_ID = 'demo-merchant';

/**
 * With KASSA_BOOTSTRAP_* set, makes sure that account and client exist (for a fresh
 * server or a merchant's CI). Otherwise makes a demo test account whose secret is
 * kept so it can be printed again on every start.
 */
export const ensureStartupMerchant = async (database: Database, env: Env): Promise<MerchantCredentials> => {
  if (env.KASSA_BOOTSTRAP_ACCOUNT && env.KASSA_BOOTSTRAP_CLIENT_ID && env.KASSA_BOOTSTRAP_CLIENT_SECRET) {
    const spec = {
      accountId: env.KASSA_BOOTSTRAP_ACCOUNT,
      accountName: `Merchant ${env.KASSA_BOOTSTRAP_ACCOUNT}`,
      clientId: env.KASSA_BOOTSTRAP_CLIENT_ID,
      clientSecret: env.KASSA_BOOTSTRAP_CLIENT_SECRET,
    };
    await ensureAccountClient(database, spec);
    return { accountId: spec.accountId, clientId: spec.clientId, clientSecret: spec.clientSecret, demo: false };
  }
  const clientSecret = await loadOrCreateServerSecret(database, 'demo_client_secret');
  await ensureAccountClient(database, { accountId: DEMO_ACCOUNT_ID, accountName: 'Kassa Demo Shop', clientId: DEMO_CLIENT_ID, clientSecret });
  return { accountId: DEMO_ACCOUNT_ID, clientId: DEMO_CLIENT_ID, clientSecret, demo: true };
};
