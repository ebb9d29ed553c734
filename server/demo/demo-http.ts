import { z } from 'zod';
import { DEMO_ORDER_ACTIONS } from '../../domain/demo-orders';
import { clientAddress } from '../http/client-address';
import { publicOriginFor } from '../http/public-origin';
import { PEER_ADDRESS_HEADER } from '../console/request-facts';
import { getKassa } from '../http/kassa-singleton';
import type { Kassa } from '../create-kassa';
import { uuid } from '../shared/ids';
import type { RequestMeta } from '../app-context';
import type { DemoRequest } from './check-demo-signature';
import { DEMO_LOGIN_COOKIE, demoLoginFrom } from './demo-merchant-cookie';

/** Helpers for the demo store's Next route handlers (app/demo/**\/route.ts). */
const MAX_BODY = 1_000_000;

export interface DemoContext {
  kassa: Kassa;
  accountId: string;
  meta: RequestMeta;
  /** Who sent it (the peer bin/kassa.ts told, or behind a trusted proxy X-Forwarded-For): the login's limits. */
  address: string;
}

/**
 * The process's Kassa, the demo merchant's own account and this request's meta (public origin per
 * ADR 007); undefined when the demo store is off (KASSA_DEMO, ADR 029): the handler answers 404.
 */
export const demoContext = async (request: Request): Promise<DemoContext | undefined> => {
  const kassa = await getKassa();
  const store = kassa.merchant.demoStore;
  if (!store) return undefined;
  const headers = Object.fromEntries(request.headers.entries());
  const baseUrl = publicOriginFor(kassa.ctx.env)(headers);
  const remoteAddress = headers[PEER_ADDRESS_HEADER] || undefined;
  const address = clientAddress(
    { requestId: '', baseUrl, headers, ...(remoteAddress ? { remoteAddress } : {}) },
    kassa.ctx.env.KASSA_TRUST_PROXY,
  );
  return { kassa, accountId: store.accountId, meta: { requestId: uuid(), baseUrl, headers: {} }, address };
};

export const plainText = (status: number, text: string, headers: Record<string, string> = {}): Response =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

export const demoOff = (): Response => plainText(404, 'Not found\n');

/** Sent by the store's own page: Origin (else Referer) is the public origin. Neither: not provably ours. */
export const fromOwnPage = (request: Request, baseUrl: string): boolean => {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === baseUrl;
  try {
    return new URL(request.headers.get('referer') ?? '').origin === baseUrl;
  } catch {
    return false;
  }
};

/** Only a foreign Origin is refused (a shopper's POST /demo/start from another site); none is allowed. */
export const notCrossOrigin = (request: Request, baseUrl: string): boolean => {
  const origin = request.headers.get('origin');
  return origin === null || origin === baseUrl;
};

export const cookieValue = (request: Request, name: string): string | undefined => {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
};

/**
 * The back office's gate (ADR 029): a state-changing request must come from the store's own page
 * (403), and every request needs the demo merchant's login cookie (401). Undefined: let it through.
 */
export const backOfficeRefusal = async (
  request: Request,
  c: DemoContext,
  changesState: boolean,
): Promise<Response | undefined> => {
  if (changesState && !fromOwnPage(request, c.meta.baseUrl))
    return plainText(403, "Refused: not sent from the demo store's own page");
  const login = await demoLoginFrom(c.kassa.ctx, c.accountId, cookieValue(request, DEMO_LOGIN_COOKIE));
  return login ? undefined : plainText(401, 'Log in as the demo merchant first (/demo/orders)');
};

/** The request as the store verifies it: its public URL (origin from ADR 007, path and query as received). */
export const readDemoRequest = async (request: Request, baseUrl: string): Promise<DemoRequest | undefined> => {
  const body = await request.text();
  if (body.length > MAX_BODY) return undefined;
  const u = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    url: `${baseUrl}${u.pathname}${u.search}`,
    signatureHeader: request.headers.get('kassa-signature') ?? undefined,
    body,
  };
};

export const tooLarge = (): Response => Response.json({ error: 'body too large' }, { status: 413 });

/** A Next route handler for one of the store's merchant endpoints: reads the request, lets `answer` decide. */
export const demoEndpoint =
  (answer: (ctx: Kassa['ctx'], accountId: string, req: DemoRequest) => Promise<{ status: number; body: unknown }>) =>
  async (request: Request): Promise<Response> => {
    const c = await demoContext(request);
    if (!c) return demoOff();
    const { kassa, accountId, meta } = c;
    const req = await readDemoRequest(request, meta.baseUrl);
    if (!req) return tooLarge();
    const result = await answer(kassa.ctx, accountId, req);
    return Response.json(result.body, { status: result.status });
  };

/** The store's checkout form: the cart as JSON `[{id, quantity}]` and where to pay. */
export const DemoCheckoutForm = z.object({
  cart: z
    .string()
    .max(10_000)
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return undefined;
      try {
        return z
          .array(z.object({ id: z.string().max(64), quantity: z.number().int().min(1).max(100) }))
          .max(50)
          .parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'cart must be a JSON list of {id, quantity}' });
        return z.NEVER;
      }
    }),
  mode: z.enum(['redirect', 'inline']).default('redirect'),
});

/** The back office's login form. */
export const DemoLoginForm = z.object({
  client_id: z.string().min(1).max(255),
  client_secret: z.string().min(1).max(1000),
});

export const DemoOrderActionParams = z.object({
  transactionId: z.string().max(255),
  action: z.enum(DEMO_ORDER_ACTIONS),
});

/** A form's fields (urlencoded or multipart); none for other bodies. */
export const formFields = async (request: Request): Promise<Record<string, string>> => {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return {};
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
};
