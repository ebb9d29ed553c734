import { z } from 'zod';
import { DEMO_ORDER_ACTIONS } from '../../domain/demo-orders';
import { publicOriginFor } from '../http/public-origin';
import { getKassa } from '../http/kassa-singleton';
import type { Kassa } from '../create-kassa';
import { uuid } from '../shared/ids';
import type { RequestMeta } from '../app-context';
import type { DemoRequest } from './check-demo-signature';

/** Helpers for the demo store's Next route handlers (app/demo/**\/route.ts). */
const MAX_BODY = 1_000_000;

/** The process's Kassa, the store's merchant account and this request's meta (public origin per ADR 007). */
export const demoContext = async (request: Request): Promise<{ kassa: Kassa; accountId: string; meta: RequestMeta }> => {
  const kassa = await getKassa();
  const headers = Object.fromEntries(request.headers.entries());
  const baseUrl = publicOriginFor(kassa.ctx.env)(headers);
  return { kassa, accountId: kassa.merchant.accountId, meta: { requestId: uuid(), baseUrl, headers: {} } };
};

/** The request as the store verifies it: its public URL (origin from ADR 007, path and query as received). */
export const readDemoRequest = async (request: Request, baseUrl: string): Promise<DemoRequest | undefined> => {
  const body = await request.text();
  if (body.length > MAX_BODY) return undefined;
  const u = new URL(request.url);
  return { method: request.method.toUpperCase(), url: `${baseUrl}${u.pathname}${u.search}`, signatureHeader: request.headers.get('kassa-signature') ?? undefined, body };
};

export const tooLarge = (): Response => Response.json({ error: 'body too large' }, { status: 413 });

/** A Next route handler for one of the store's merchant endpoints: reads the request, lets `answer` decide. */
export const demoEndpoint =
  (answer: (ctx: Kassa['ctx'], accountId: string, req: DemoRequest) => Promise<{ status: number; body: unknown }>) =>
  async (request: Request): Promise<Response> => {
    const { kassa, accountId, meta } = await demoContext(request);
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

export const DemoOrderActionParams = z.object({ transactionId: z.string().max(255), action: z.enum(DEMO_ORDER_ACTIONS) });

/** A form's fields (urlencoded or multipart); none for other bodies. */
export const formFields = async (request: Request): Promise<Record<string, string>> => {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return {};
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
};
