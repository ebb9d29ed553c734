/**
 * The server, in production and development alike: one node:http server in one process.
 * /v1 is dispatched straight from the route table (no Next request pipeline); /healthz, /readyz
 * and /metrics are answered beside it; the checkout page `/?sid=` and its assets are rendered here
 * too (app/_checkout, ADR 018); every other path goes to Next (landing, sandbox pages, demo).
 * `--dev` (npm run dev) runs Next in development mode behind the same adapter.
 *
 * Production runs the compiled bundle (dist/server/kassa.js, scripts/build-server.mjs) with plain
 * node; development runs this file through tsx. Shutdown (SIGTERM/SIGINT): stop accepting, let
 * in-flight requests finish, stop the pollers after their current step, close the database, exit
 * 0; a second signal or KASSA_SHUTDOWN_TIMEOUT_MS forces exit 1.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectDefaultMetrics } from 'prom-client';
import { createCheckoutHandler } from '../app/_checkout/checkout-handler';
import { loadEnv } from '../server/config/env';
import { createKassa } from '../server/create-kassa';
import { registerKassa } from '../server/http/kassa-singleton';
import { answerClientError, createNodeHandler } from '../server/http/node-adapter';
import { publicOriginFor } from '../server/http/public-origin';
import { createOpsHandler, OPS_PATHS } from '../server/observability/ops-endpoints';
import { setPageSecurityHeaders } from '../server/pages/page-headers';

/** The project root: the nearest folder above this file with a package.json (bin/ in dev, dist/server/ compiled). */
const projectRoot = (): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
};

const isApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

const main = async () => {
  const dev = process.argv.includes('--dev') || process.env.KASSA_DEV === '1';
  (process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const env = loadEnv();
  const kassa = await createKassa(env);
  const { logger } = kassa;
  // Before Next loads a route handler: they all share this instance (kassa-singleton.ts).
  registerKassa(kassa);
  collectDefaultMetrics({ register: kassa.metrics.registry, prefix: 'kassa_' });
  const origin = publicOriginFor(env, () => server.address());
  const apiHandler = createNodeHandler(kassa.dispatch, origin, { logger, metrics: kassa.metrics, logRequests: env.KASSA_LOG_REQUESTS });
  const opsHandler = createOpsHandler(kassa.ctx.database, kassa.metrics);
  const withNext = process.env.KASSA_API_ONLY !== '1';
  const { default: next } = await import('next');
  const nextApp = withNext ? next({ dev, dir: projectRoot() }) : undefined;
  await nextApp?.prepare();
  const nextHandler = nextApp?.getRequestHandler();
  // The checkout page is rendered here, not by Next (ADR 018); `npm run dev` builds its browser assets now.
  if (dev) {
    const lib = (await import(pathToFileURL(path.join(projectRoot(), 'scripts', 'build-lib.mjs')).href)) as { buildCheckoutAssets(): Promise<void> };
    await lib.buildCheckoutAssets();
  }
  const checkout = createCheckoutHandler(path.join(projectRoot(), 'dist', 'checkout'), origin);

  let closing = false;
  // While shutting down, answer what is in flight but keep no connection open afterwards.
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) server.closeIdleConnections();
    });
    const url = req.url ?? '/';
    const fail = (err: unknown) => {
      logger.error({ err, method: req.method, path: url.split('?')[0] }, 'request failed');
      if (!res.headersSent) res.writeHead(500).end();
    };
    if (isApiPath(url)) return void apiHandler(req, res).catch(fail);
    if (OPS_PATHS.has(url.split('?')[0]!)) return void opsHandler(req, res).catch(fail);
    const checkoutUrl = checkout.matches(req); // parses the URL: not for /v1
    if (checkoutUrl) checkout.handle(req, res, checkoutUrl).catch(fail);
    else if (nextHandler)
      // every page Next renders gets its CSP (with Next's nonce) and security headers first (ADR 021)
      setPageSecurityHeaders(req, res, origin(req.headers), dev)
        .then(() => nextHandler(req, res))
        .catch(fail);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  // The same origin the checkout URLs use (ADR 007): KASSA_PUBLIC_URL, else the listening address.
  const base = origin({});
  const m = kassa.merchant;
  const where = `${kassa.ctx.database.engine}${kassa.ctx.database.engine === 'sqlite' ? ` in ${env.dataDir}` : ''}`;
  logger.info({ url: base, engine: kassa.ctx.database.engine, account: m.accountId, client_id: m.clientId, dev }, `Kassa is listening on ${base} (${where})`);
  if (m.demo) {
    // For a person trying it out (the demo merchant only; a bootstrap secret is never printed).
    process.stderr.write(
      [
        `  Try a payment:   open ${base}/demo   (card 4111 1111 1111 1111, any future expiry, CVC 123)`,
        `  API document:    ${base}/v1/openapi.json`,
        `  Demo merchant:   account ${m.accountId}  client_id ${m.clientId}  client_secret ${m.clientSecret}`,
        `  Get a token:     curl -s -u '${m.clientId}:${m.clientSecret}' -H 'content-type: application/json' \\`,
        `                     -d '{"grant_type":"client_credentials","audience":"${base}/v1/accounts/${m.accountId}"}' ${base}/v1/accounts/${m.accountId}/auth/token`,
        '',
      ].join('\n'),
    );
  }

  const forceExit = (reason: string) => {
    logger.error({ reason }, 'shutdown forced');
    server.closeAllConnections();
    process.exit(1);
  };
  const shutdown = (signal: string) => {
    if (closing) return forceExit(`second ${signal}`);
    closing = true;
    logger.info({ signal }, "shutting down: no new connections; finishing in-flight requests and the pollers' current step");
    setTimeout(() => forceExit(`not done after ${env.KASSA_SHUTDOWN_TIMEOUT_MS} ms`), env.KASSA_SHUTDOWN_TIMEOUT_MS).unref();
    // Every connection goes once its response is done; idle ones now.
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void Promise.all([stopped, nextApp?.close()])
      .then(() => kassa.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

main().catch((e: unknown) => {
  // Before the logger exists (bad environment) or while starting: one readable line, exit 1.
  process.stderr.write(`Kassa could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
