/**
 * The server, in production and development alike: one node:http server in one process.
 * /v1 is dispatched straight from the route table (no Next request pipeline); /healthz, /readyz
 * and /metrics are answered beside it; the checkout page `/?sid=` and its assets are rendered here
 * too (app/_checkout, ADR 018); every other path goes to Next (landing, sandbox pages, demo).
 * `--dev` (npm run dev) runs Next in development mode behind the same adapter.
 *
 * Production runs the compiled bundle (dist/server/kassa.js, scripts/build-server.mjs) with plain
 * node; development runs this file through tsx. Shutdown (SIGTERM/SIGINT, server/http/graceful-shutdown.ts):
 * stop accepting, let in-flight requests finish, stop the pollers, give back callback claims, close the
 * database, exit 0; a second signal or KASSA_SHUTDOWN_TIMEOUT_MS answers what is left 503 and exits 1.
 * On SQLite the process holds its data directory's lock (server/db/data-dir-lock.ts): one process per directory.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { collectDefaultMetrics } from 'prom-client';
import { createCheckoutHandler } from '../app/_checkout/checkout-handler';
import { loadEnv } from '../server/config/env';
import { createKassa } from '../server/create-kassa';
import { registerKassa } from '../server/http/kassa-singleton';
import {
  answerError,
  answerNotFound,
  answerUnexpectedError,
  isApiPath,
  lacksHost,
  setOpsHeaders,
  setSecurityFloor,
} from '../server/http/fallback-responses';
import { answerClientError, createNodeHandler, endWithError, toOriginForm } from '../server/http/node-adapter';
import { AppError } from '../server/errors/app-error';
import { publicOriginFor } from '../server/http/public-origin';
import { createOpsHandler, OPS_PATHS } from '../server/observability/ops-endpoints';
import { setPageSecurityHeaders } from '../server/pages/page-headers';
import { consoleBanner, startupBanner } from '../server/accounts/startup-banner';
import { ensureConsoleAdmin } from '../server/console/ensure-console-admin';
import { markRequestFacts } from '../server/console/request-facts';
import { isDemoPath } from '../server/demo/demo-switch';
import { DataDirLocked, lockDataDir } from '../server/db/data-dir-lock';
import { createConnectionShares } from '../server/http/connection-shares';
import { installShutdown } from '../server/http/graceful-shutdown';
import { pageBodyRefusal, pathRefusal } from '../server/http/request-edge';
import { resealSecretsCommand } from '../server/secrets/reseal-cli';

/** The project root: the nearest folder above this file with a package.json (bin/ in dev, dist/server/ compiled). */
const projectRoot = (): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
};

const main = async () => {
  if (process.argv[2] === 'reseal-secrets') {
    // key rotation's middle step (ADR 049): one run, on purpose, then exit; it serves nothing
    process.exit(
      await resealSecretsCommand().catch((err: unknown) => {
        process.stderr.write(`reseal: ${err instanceof Error ? err.message : String(err)}\n`);
        return 2;
      }),
    );
  }
  const dev = process.argv.includes('--dev') || process.env.KASSA_DEV === '1';
  (process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const env = loadEnv();
  // One process per SQLite data directory, taken before the migrations run (ADR 044); the OS drops it when we exit.
  const dirLock = env.DATABASE_URL ? undefined : lockDataDir(env.dataDir);
  process.once('exit', () => dirLock?.release());
  const kassa = await createKassa(env);
  const { logger } = kassa;
  // Before Next loads a route handler: they all share this instance (kassa-singleton.ts).
  registerKassa(kassa);
  // The quick start (the demo merchant) gets a console admin with a generated password, printed once beside the demo's
  // credentials; a real deployment prints no secret (ADR 029): its admin is made when KASSA_CONSOLE_ADMIN_PASSWORD is set.
  const makesConsoleAdmin = kassa.merchant.demo || env.KASSA_CONSOLE_ADMIN_PASSWORD !== undefined;
  const consoleAdmin = makesConsoleAdmin
    ? await ensureConsoleAdmin(kassa.ctx.database, env, kassa.merchant.accountId)
    : undefined;
  if (!makesConsoleAdmin)
    logger.info(
      { account: kassa.merchant.accountId },
      'console: set KASSA_CONSOLE_ADMIN_EMAIL and KASSA_CONSOLE_ADMIN_PASSWORD to make (or reset) its admin',
    );
  collectDefaultMetrics({ register: kassa.metrics.registry, prefix: 'kassa_' });
  const origin = publicOriginFor(env, () => server.address());
  const apiHandler = createNodeHandler(kassa.dispatch, origin, {
    logger,
    metrics: kassa.metrics,
    logRequests: env.KASSA_LOG_REQUESTS,
  });
  const opsHandler = createOpsHandler(kassa.ctx.database, kassa.metrics);
  const withNext = process.env.KASSA_API_ONLY !== '1';
  const { default: next } = await import('next');
  const nextApp = withNext ? next({ dev, dir: projectRoot() }) : undefined;
  await nextApp?.prepare();
  const nextHandler = nextApp?.getRequestHandler();
  // The checkout page is rendered here, not by Next (ADR 018); `npm run dev` builds its browser assets now.
  if (dev) {
    const lib = (await import(pathToFileURL(path.join(projectRoot(), 'scripts', 'build-lib.mjs')).href)) as {
      buildCheckoutAssets(): Promise<void>;
    };
    await lib.buildCheckoutAssets();
  }
  const checkout = createCheckoutHandler(path.join(projectRoot(), 'dist', 'checkout'), origin);

  // While shutting down, answer what is in flight but keep no connection open afterwards.
  const inFlight = new Set<http.ServerResponse>();
  // Without a Host header node would answer a bare 400 itself: it gets the error shape below instead.
  // Slow or idle clients do not hold connections (issue 24, README "Running it for real"): node checks both
  // timeouts every connectionsCheckingInterval (30 s by its default), so often enough for the shorter to hold.
  const timeouts = {
    headersTimeout: env.KASSA_HEADERS_TIMEOUT_MS,
    requestTimeout: env.KASSA_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(env.KASSA_HEADERS_TIMEOUT_MS / 4))),
  };
  // Each address gets a share of the connections (behind a trusted proxy: of the requests in flight; ADR 044).
  const shares = createConnectionShares(env.KASSA_MAX_CONNECTIONS_PER_ADDRESS, env.KASSA_TRUST_PROXY);
  const server = http.createServer({ requireHostHeader: false, ...timeouts }, (req, res) => {
    if (shutdown.closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (shutdown.closing) server.closeIdleConnections();
    });
    toOriginForm(req);
    const url = req.url ?? '/';
    if (lacksHost(req))
      return answerError(res, origin({}), new AppError('INVALID_REQUEST', 'An HTTP/1.1 request needs a Host header'));
    // Before any routing: a path the routers after us could resolve differently is refused (ADR 044).
    const refusal = pathRefusal(url) ?? shares.admitRequest(req, res);
    if (refusal) return answerError(res, origin(req.headers), refusal);
    // whatever failed (a handler's rejection or a throw here): an answer with a body and the security headers (ADR 021)
    const fail = (err: unknown) => {
      logger.error({ err, method: req.method, path: url.split('?')[0] }, 'request failed');
      answerUnexpectedError(req, res, origin(req.headers), err);
    };
    try {
      if (isApiPath(url)) return void apiHandler(req, res).catch(fail);
      const self = origin(req.headers);
      setSecurityFloor(res, self); // nosniff, a Referrer-Policy and HSTS on https under whatever a page handler sets
      // outside /v1 nothing reads more than 1 MiB of body: a length above it, or none (chunked), is refused unread
      const bodyRefusal = pageBodyRefusal(req);
      if (bodyRefusal) return answerError(res, self, bodyRefusal);
      if (OPS_PATHS.has(url.split('?')[0]!)) {
        setOpsHeaders(res, self);
        return void opsHandler(req, res).catch(fail);
      }
      if (!kassa.merchant.demoStore && isDemoPath(url)) return answerNotFound(res, self); // the demo is off (ADR 029)
      const checkoutUrl = checkout.matches(req); // parses the URL: not for /v1
      if (checkoutUrl) checkout.handle(req, res, checkoutUrl).catch(fail);
      else if (nextHandler) {
        markRequestFacts(req); // the peer address and path, for the console's handlers and layout (ADR 033)
        // every page Next renders gets its CSP (with Next's nonce) and security headers first (ADR 021)
        setPageSecurityHeaders(req, res, self, dev)
          .then(() => nextHandler(req, res))
          .catch(fail);
      } else answerNotFound(res, self);
    } catch (err) {
      fail(err);
    }
  });
  server.on('connection', (socket: import('node:net').Socket) => shares.admitConnection(socket));
  server.keepAliveTimeout = env.KASSA_KEEP_ALIVE_TIMEOUT_MS;
  // past the cap node closes a new connection at once, unanswered (0: no cap)
  if (env.KASSA_MAX_CONNECTIONS > 0) server.maxConnections = env.KASSA_MAX_CONNECTIONS;
  // a request node's parser refuses: the error shape, with the security headers of KASSA_PUBLIC_URL (no request headers to go by)
  server.on('clientError', (err: Error & { code?: string }, socket) =>
    answerClientError(err, socket, origin({}), kassa.errorFieldsAt),
  );
  // node's own answers to an Expect it does not know (417) and to CONNECT (none: it closes) in the error shape too
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) =>
    answerError(
      res,
      origin({}),
      new AppError(
        'EXPECTATION_FAILED',
        `Expect: ${String(req.headers.expect).slice(0, 40)} is not supported; only 100-continue is`,
      ),
    ),
  );
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) =>
    endWithError(socket, new AppError('METHOD_NOT_ALLOWED', 'CONNECT is not supported'), origin({})),
  );

  // Before listening: a signal that comes as soon as the server serves finds its handler (not node's default, which
  // ends the process at once, mid-start).
  const shutdown = installShutdown({
    server,
    inFlight,
    logger,
    timeoutMs: env.KASSA_SHUTDOWN_TIMEOUT_MS,
    publicOrigin: () => origin({}),
    stopWork: (ms) => kassa.stopWork(ms),
    releaseClaims: () => kassa.releaseClaims(),
    closeRest: async () => {
      await nextApp?.close();
      await kassa.close();
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => shutdown.begin('SIGINT'));
  process.on('SIGTERM', () => shutdown.begin('SIGTERM'));
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  // The same origin the checkout URLs use (ADR 007): KASSA_PUBLIC_URL, else the listening address.
  const base = origin({});
  const m = kassa.merchant;
  const where = `${kassa.ctx.database.engine}${kassa.ctx.database.engine === 'sqlite' ? ` in ${env.dataDir}` : ''}`;
  // For a person trying it out: the demo store and merchant (a bootstrap secret is never printed; ADR 029).
  const banner = startupBanner(base, m);
  // the startup merchant's console admin (ADR 033): a generated password is printed by the start that made it only
  const consoleLine = consoleBanner(base, consoleAdmin, banner !== undefined);
  if (banner || consoleLine) process.stderr.write(`${banner ?? ''}${consoleLine ?? ''}`);
  // Last: whoever waits for this line (a supervisor, a test) sees everything above already written.
  logger.info(
    { url: base, engine: kassa.ctx.database.engine, account: m.accountId, client_id: m.clientId, dev },
    `Kassa is listening on ${base} (${where})`,
  );
};

main().catch((e: unknown) => {
  // Before the logger exists (bad environment) or while starting: one readable line, exit 1.
  const why = e instanceof DataDirLocked ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
  process.stderr.write(`Kassa could not start: ${why}\n`);
  process.exit(1);
});
