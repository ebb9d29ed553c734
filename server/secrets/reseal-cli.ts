/**
 * `node dist/server/kassa.js reseal-secrets` (`npm run secrets:reseal`): key rotation's middle step (ADR 049), run by
 * the compiled server's entry (bin/kassa.ts) instead of serving. With the environment of the server
 * (DATABASE_URL or KASSA_DATA_DIR, the new key in KASSA_SECRETS_KEY or KASSA_SECRETS_KEY_FILE, the old one in
 * KASSA_SECRETS_PREVIOUS_KEYS), it seals every gateway credential again with the new key and prints what it did
 * as JSON (key ids, never a key or a value). Exit 0: every value is sealed with the current key, the old key may
 * be dropped; exit 1: run it again (a PUT changed a row meanwhile) or look at `failed`.
 */
import { loadEnv } from '../config/env';
import { openDatabase } from '../db/database';
import { gatewayKeyring } from './gateway-keyring';
import { resealGatewaySecrets } from './reseal-gateway-secrets';

export const resealSecretsCommand = async (): Promise<number> => {
  const env = loadEnv();
  const keyring = gatewayKeyring(env);
  if (!keyring.current) throw new Error(keyring.unsealable);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    pgSchema: env.KASSA_DATABASE_SCHEMA,
    busyTimeoutMs: env.KASSA_SQLITE_BUSY_TIMEOUT_MS,
    pgQueryTimeoutMs: env.KASSA_PG_QUERY_TIMEOUT_MS,
  });
  try {
    const report = await resealGatewaySecrets(database, keyring);
    process.stdout.write(`${JSON.stringify({ current_key: keyring.current?.id, ...report }, null, 2)}\n`);
    return report.failed.length || report.changedMeanwhile ? 1 : 0;
  } finally {
    await database.close();
  }
};
