/**
 * Production server: one process. /v1 is dispatched straight from the route table
 * over node:http (no Next request pipeline); every other path goes to Next, which
 * renders the checkout pages and the demo shop.
 */
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { loadEnv } from '../server/config/env';
import { createKassa } from '../server/create-kassa';
import { createNodeHandler } from '../server/http/node-adapter';
import { publicOriginFor } from '../server/http/public-origin';

const main = async () => {
  const env = loadEnv();
  const kassa = await createKassa(env);
  const apiHandler = createNodeHandler(kassa.dispatch, publicOriginFor(env, () => server.address()));
  const withNext = process.env.KASSA_API_ONLY !== '1';
  const nextApp = withNext ? next({ dev: false, dir: path.resolve(__dirname, '..') }) : undefined;
  await nextApp?.prepare();
  const nextHandler = nextApp?.getRequestHandler();

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) {
      apiHandler(req, res).catch((e) => {
        console.error(e);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    if (nextHandler) void nextHandler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const base = env.KASSA_PUBLIC_URL ?? `http://localhost:${port}`;
  const m = kassa.merchant;
  console.log(
    [
      `Kassa is listening on ${base} (${kassa.ctx.database.engine}${kassa.ctx.database.engine === 'sqlite' ? ` in ${env.dataDir}` : ''})`,
      `  Try a payment:   open ${base}/demo   (card 4111 1111 1111 1111, any future expiry, CVC 123)`,
      `  API document:    ${base}/v1/openapi.json`,
      `  ${m.demo ? 'Demo merchant' : 'Merchant'}:   account ${m.accountId}  client_id ${m.clientId}  client_secret ${m.demo ? m.clientSecret : '(from KASSA_BOOTSTRAP_CLIENT_SECRET)'}`,
      `  Get a token:     curl -s -u '${m.clientId}:${m.demo ? m.clientSecret : '<secret>'}' -H 'content-type: application/json' \\`,
      `                     -d '{"grant_type":"client_credentials","audience":"${base}/v1/accounts/${m.accountId}"}' ${base}/v1/accounts/${m.accountId}/auth/token`,
    ].join('\n'),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    server.close();
    server.closeIdleConnections();
    void kassa.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
