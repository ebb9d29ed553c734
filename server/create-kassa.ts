import type { AppContext } from './app-context';
import { ensureStartupMerchant, type MerchantCredentials } from './accounts/ensure-demo-merchant';
import { loadServerKeys } from './auth/server-secret';
import { createTokenSigner } from './auth/tokens';
import { callbackDeliveries } from './callbacks/deliver-callbacks';
import type { Env } from './config/env';
import { openDatabase } from './db/database';
import { createDispatcher, errorFieldsAt, type Dispatcher, type ErrorFieldsAt } from './http/dispatch';
import { routesFor } from './http/route-table';
import { createRateLimiter } from './auth/rate-limiter';
import { createTokenRateLimits } from './auth/token-attempt-limits';
import { createLogger, type Logger } from './observability/logger';
import { createMetrics, type KassaMetrics } from './observability/metrics';
import { createUnavailableLog } from './observability/unavailable-log';
import { SANDBOX_DEFAULT_TYPE, sandboxProviders } from './providers/sandbox';
import { createGiftCardsOnly } from './providers/gift-cards/gift-cards-only';
import { createProviderRegistry, type ProviderRegistry } from './providers/registry';
import { createPaymentAppProvider } from './providers/payment-app/payment-app-provider';
import { startPoller } from './shared/poller';
import { createWakeSignal } from './shared/wake-signal';
import { completePendingOperations } from './payments';
import { recoverStalePayments } from './payments';
import { expireOrders } from './orders/expire-orders';
import { purgeExpiredRows } from './maintenance/purge-expired-rows';
import { registerKassaProcess } from './idempotency/kassa-processes';
import { observeProvider } from './providers/observed-provider';
import { providerCallLog } from './observability/provider-call-log';
import { payableSessions } from './sessions/payable-sessions';

export interface Kassa {
  ctx: AppContext;
  dispatch: Dispatcher;
  /** The fields the operation at `method path` adds to its error answers (answerClientError: a 400 node's parser gives). */
  errorFieldsAt: ErrorFieldsAt;
  merchant: MerchantCredentials;
  logger: Logger;
  metrics: KassaMetrics;
  /**
   * Stops the pollers (each after its current step), waits for callbacks in flight (at most
   * `deliveriesWithinMs`), then gives back the claims of those still in flight (ADR 044). Once only.
   */
  stopWork(deliveriesWithinMs?: number): Promise<void>;
  /** Gives back the claims of callbacks still in flight now (a forced exit: no waiting for them). */
  releaseClaims(): Promise<void>;
  /** stopWork(), then closes the database. */
  close(): Promise<void>;
}

export interface KassaOptions {
  sqliteFile?: string;
  pgSchema?: string;
  /** Default: the built-in providers (the sandbox and gift cards). */
  providers?: ProviderRegistry;
  /** Where the dispatcher reports unexpected errors (`{ requestId, err }`); default: the logger. */
  log?: (e: unknown) => void;
  /** Default: JSON lines on stdout at KASSA_LOG_LEVEL. */
  logger?: Logger;
  /** The time the in-memory rate limits refill by (ms); default Date.now. A test holds it still or moves it. */
  rateLimitClock?: () => number;
}

/** Wires one Kassa process: database (migrated), secrets, startup merchant, dispatcher, callback worker. */
export const createKassa = async (env: Env, opts: KassaOptions = {}): Promise<Kassa> => {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    sqliteFile: opts.sqliteFile,
    pgSchema: opts.pgSchema ?? env.KASSA_DATABASE_SCHEMA,
    busyTimeoutMs: env.KASSA_SQLITE_BUSY_TIMEOUT_MS,
    pgQueryTimeoutMs: env.KASSA_PG_QUERY_TIMEOUT_MS,
  });
  // the environment's keys, else KASSA_SECRETS_FILE's, else the database's (server-secret.ts)
  const keys = await loadServerKeys(database, env);
  const [jwtSecret, cookiePassword] = [keys.jwt_signing_key, keys.checkout_cookie_password];
  const logger = opts.logger ?? createLogger(env.KASSA_LOG_LEVEL);
  // This process's boot id and heartbeat: its Idempotency-Key claims are free once it is gone (ADR 006).
  const registration = await registerKassaProcess(database, {
    onError: (err) => logger.error({ poller: 'heartbeat', err }, 'heartbeat: could not be written; retrying'),
    onRecover: (failed_steps) => logger.warn({ poller: 'heartbeat', failed_steps }, 'heartbeat: recovered'),
  });
  const metrics = createMetrics(database);
  const tokenRateLimits = createTokenRateLimits(env, opts.rateLimitClock);
  const payAttemptsPerAddress = createRateLimiter(env.KASSA_PAY_ATTEMPTS_PER_ADDRESS, opts.rateLimitClock);
  const walletPinKey = keys.wallet_pin_key;
  const ctx: AppContext = {
    env,
    database,
    tokens: createTokenSigner(jwtSecret),
    providers:
      opts.providers ??
      createProviderRegistry(
        [...sandboxProviders(database), createGiftCardsOnly(), createPaymentAppProvider({ database, env })].map((p) =>
          observeProvider(p, providerCallLog(logger, metrics)),
        ),
        { defaultType: SANDBOX_DEFAULT_TYPE },
      ),
    cookiePassword,
    tokenRateLimits,
    payAttemptsPerAddress,
    giftCardAttemptsPerAddress: createRateLimiter(env.KASSA_GIFT_CARD_ATTEMPTS_PER_ADDRESS, opts.rateLimitClock),
    walletPinKey,
    callbacksQueued: createWakeSignal(),
    payableSessions,
    metrics,
    logger,
  };
  const merchant = await ensureStartupMerchant(database, env);
  const logRequestError = (e: unknown) => {
    const { requestId, err } = e as { requestId?: string; err?: unknown };
    logger.error({ request_id: requestId, err }, 'request failed');
  };
  // A 503 for an unavailable database is logged once per cause, not per request (ADR 045).
  const unavailable = createUnavailableLog(logger);
  const requestLog = opts.log ?? logRequestError;
  const routes = routesFor(env);
  const dispatch = createDispatcher(ctx, routes, (e) => {
    const { requestId, err } = e as { requestId?: string; err?: unknown };
    if (!unavailable(err, { request_id: requestId })) requestLog(e);
  });
  // A failing poller logs when it starts failing and when it recovers, backing off in between (ADR 022).
  const poll = (name: string, work: () => Promise<number>, idleMs = env.KASSA_CALLBACK_POLL_MS) =>
    startPoller(
      idleMs,
      work,
      (err) => logger.error({ poller: name, err }, `${name}: step failed; backing off until it succeeds`),
      {
        onRecover: (failed_steps, failing_ms) =>
          logger.warn({ poller: name, failed_steps, failing_ms }, `${name}: recovered`),
      },
    );
  // Each callback is sent on its own (up to 20 at once): a slow merchant endpoint never holds up the others.
  const deliveries = env.KASSA_CALLBACK_WORKER
    ? callbackDeliveries(ctx, {
        freed: () => worker?.wake(),
        onError: (err) =>
          logger.error({ poller: 'callback worker', err }, 'callback worker: an answer could not be recorded'),
      })
    : undefined;
  const worker = deliveries ? poll('callback worker', () => deliveries.step()) : undefined;
  if (worker) ctx.callbacksQueued.listen(() => worker.wake());
  const operations = env.KASSA_CALLBACK_WORKER
    ? poll(
        'operations worker',
        async () =>
          (await completePendingOperations(ctx)) + (await recoverStalePayments(ctx)) + (await expireOrders(ctx)),
      )
    : undefined;
  const retention = env.KASSA_CALLBACK_WORKER
    ? poll('retention purge', () => purgeExpiredRows(ctx), env.KASSA_PURGE_INTERVAL_MS)
    : undefined;
  const releaseClaims = async () => {
    const released = await deliveries?.release().catch((err: unknown) => {
      logger.warn({ err }, 'callback worker: the claims in flight could not be given back');
      return 0;
    });
    if (released) logger.info({ released }, 'callback worker: gave back the claims of callbacks in flight');
  };
  let stopping: Promise<void> | undefined;
  const stopWork = (deliveriesWithinMs?: number) =>
    (stopping ??= (async () => {
      await Promise.all([worker?.stop(), operations?.stop(), retention?.stop()]);
      await deliveries?.drain(deliveriesWithinMs);
      await releaseClaims();
    })());
  return {
    ctx,
    dispatch,
    errorFieldsAt: errorFieldsAt(routes),
    merchant,
    logger,
    metrics,
    stopWork,
    releaseClaims,
    async close() {
      await stopWork();
      await registration
        .stop()
        .catch((err: unknown) => logger.warn({ err }, 'heartbeat: the process row could not be deleted'));
      await database.close();
    },
  };
};
