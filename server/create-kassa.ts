import type { AppContext } from './app-context';
import { ensureStartupMerchant, type MerchantCredentials } from './accounts/ensure-demo-merchant';
import { loadOrCreateServerSecret } from './auth/server-secret';
import { createTokenSigner } from './auth/tokens';
import { deliverDueCallbacks } from './callbacks/deliver-callbacks';
import type { Env } from './config/env';
import { openDatabase } from './db/database';
import { createDispatcher, type Dispatcher } from './http/dispatch';
import { ROUTES } from './http/route-table';
import { createSandboxAcquirer } from './providers/sandbox/sandbox-acquirer';
import type { Acquirer } from './providers/acquirer';
import { startPoller } from './shared/poller';
import { completePendingOperations } from './transactions/complete-pending-operations';
import { recoverStalePayments } from './sessions/recover-stale-payments';
import { purgeExpiredRows } from './maintenance/purge-expired-rows';

export interface Kassa {
  ctx: AppContext;
  dispatch: Dispatcher;
  merchant: MerchantCredentials;
  close(): Promise<void>;
}

export interface KassaOptions {
  sqliteFile?: string;
  pgSchema?: string;
  acquirer?: Acquirer;
  log?: (e: unknown) => void;
}

/** Wires one Kassa process: database (migrated), secrets, startup merchant, dispatcher, callback worker. */
export const createKassa = async (env: Env, opts: KassaOptions = {}): Promise<Kassa> => {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, sqliteFile: opts.sqliteFile, pgSchema: opts.pgSchema ?? env.KASSA_DATABASE_SCHEMA });
  const jwtSecret = env.KASSA_JWT_SECRET ?? (await loadOrCreateServerSecret(database, 'jwt_signing_key'));
  const cookiePassword = await loadOrCreateServerSecret(database, 'checkout_cookie_password');
  const ctx: AppContext = { env, database, tokens: createTokenSigner(jwtSecret), acquirer: opts.acquirer ?? createSandboxAcquirer(database), cookiePassword };
  const merchant = await ensureStartupMerchant(database, env);
  const dispatch = createDispatcher(ctx, ROUTES, opts.log);
  const worker = env.KASSA_CALLBACK_WORKER ? startPoller('callback worker', env.KASSA_CALLBACK_POLL_MS, () => deliverDueCallbacks(ctx)) : undefined;
  const operations = env.KASSA_CALLBACK_WORKER ? startPoller('operations worker', env.KASSA_CALLBACK_POLL_MS, async () => (await completePendingOperations(ctx)) + (await recoverStalePayments(ctx))) : undefined;
  const retention = env.KASSA_CALLBACK_WORKER ? startPoller('retention purge', env.KASSA_PURGE_INTERVAL_MS, () => purgeExpiredRows(ctx)) : undefined;
  return {
    ctx,
    dispatch,
    merchant,
    async close() {
      await worker?.stop();
      await operations?.stop();
      await retention?.stop();
      await database.close();
    },
  };
};
