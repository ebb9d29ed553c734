import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kassa } from '../../server/create-kassa';
import { isDemoPath } from '../../server/demo/demo-switch';
import { answerNotFound } from '../../server/http/fallback-responses';
import { registerKassa } from '../../server/http/kassa-singleton';
import { createNodeHandler } from '../../server/http/node-adapter';
import { publicOriginFor } from '../../server/http/public-origin';

type Params = Record<string, string | string[]>;
type Handler = (request: Request, ctx: { params: Promise<Params> }) => Promise<Response>;

/** The demo's Next route handlers by path (what Next would route to them), loaded on first use. */
const demoRoute = async (path: string, method: string): Promise<{ handler: Handler; params: Params } | undefined> => {
  const pick = (mod: Record<string, unknown>, params: Params = {}) => {
    const handler = mod[method] as Handler | undefined;
    return handler ? { handler, params } : undefined;
  };
  if (path === '/demo/start') return pick(await import('../../app/demo/start/route'));
  if (path === '/demo/api/callback') return pick(await import('../../app/demo/api/callback/route'));
  if (path === '/demo/api/shipping-address') return pick(await import('../../app/demo/api/shipping-address/route'));
  if (path === '/demo/api/discount-codes') return pick(await import('../../app/demo/api/discount-codes/route'));
  if (path === '/demo/api/orders') return pick(await import('../../app/demo/api/orders/route'));
  if (path === '/demo/api/login') return pick(await import('../../app/demo/api/login/route'));
  if (path === '/demo/api/logout') return pick(await import('../../app/demo/api/logout/route'));
  const app = /^\/demo\/payment-app\/(.+)$/.exec(path);
  if (app)
    return pick(await import('../../app/demo/payment-app/[...path]/route'), {
      path: app[1]!.split('/').map(decodeURIComponent),
    });
  const action = /^\/demo\/api\/orders\/([^/]+)\/([^/]+)$/.exec(path);
  if (action)
    return pick(await import('../../app/demo/api/orders/[transactionId]/[action]/route'), {
      transactionId: decodeURIComponent(action[1]!),
      action: action[2]!,
    });
  return undefined;
};

const toRequest = async (req: http.IncomingMessage, origin: string): Promise<Request> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body });
};

const send = async (res: http.ServerResponse, answer: Response) => {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((v, k) => (headers[k] = v));
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(answer.status, headers);
  res.end(Buffer.from(await answer.arrayBuffer()));
};

/**
 * One origin serving `kassa` as bin/kassa.ts does: /v1 through the node adapter, /demo closed
 * (404) by the same gate when the demo is off, else the demo's route handlers (the code Next runs
 * for them); a demo page path answers 501 (pages need Next, which these tests do not build).
 * Registers `kassa` as the process's instance, so the route handlers use it.
 */
export const serveDemo = async (kassa: Kassa, port: number): Promise<{ baseUrl: string; close(): Promise<void> }> => {
  registerKassa(kassa);
  const origin = publicOriginFor(kassa.ctx.env, () => server.address());
  const api = createNodeHandler(kassa.dispatch, origin);
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/v1/')) return void api(req, res);
    const self = origin(req.headers);
    if (!kassa.merchant.demoStore && isDemoPath(url)) return answerNotFound(res, self);
    void (async () => {
      const route = await demoRoute(new URL(url, self).pathname, req.method ?? 'GET');
      if (!route) return void res.writeHead(isDemoPath(url) ? 501 : 404).end();
      await send(res, await route.handler(await toRequest(req, self), { params: Promise.resolve(route.params) }));
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
