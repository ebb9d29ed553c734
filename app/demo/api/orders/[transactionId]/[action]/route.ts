import { AppError } from '../../../../../../server/errors/app-error';
import {
  backOfficeRefusal,
  DemoOrderActionParams,
  demoContext,
  demoOff,
  plainText,
} from '../../../../../../server/demo/demo-http';
import { runDemoOrderAction } from '../../../../../../server/demo/run-demo-order-action';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Params = { params: Promise<{ transactionId: string; action: string }> };

/**
 * The orders page's Capture, Refund and Void buttons (form POSTs): only from the store's own page
 * (403) by the logged-in demo merchant (401), on the demo's own orders (ADR 029); 303 back to
 * /demo/orders with the outcome.
 */
export const POST = async (request: Request, { params }: Params): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  const refusal = await backOfficeRefusal(request, c, true);
  if (refusal) return refusal;
  const { kassa, accountId, meta } = c;
  const parsed = DemoOrderActionParams.safeParse(await params);
  if (!parsed.success) return plainText(404, 'Unknown action');
  const { transactionId, action } = parsed.data;
  const back = new URL(`${meta.baseUrl}/demo/orders`);
  try {
    await runDemoOrderAction(kassa.ctx, accountId, transactionId, action, meta);
    back.searchParams.set('done', action);
  } catch (e) {
    if (!(e instanceof AppError)) console.error(e);
    back.searchParams.set('error', e instanceof AppError ? e.code : 'INTERNAL');
  }
  back.searchParams.set('transaction_id', transactionId);
  return new Response(null, { status: 303, headers: { location: back.toString() } });
};
