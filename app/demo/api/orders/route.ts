import { demoCallbackAnswer } from '../../../../server/demo/demo-callback-answer';
import { backOfficeRefusal, demoContext, demoOff } from '../../../../server/demo/demo-http';
import { listDemoOrders } from '../../../../server/demo/list-demo-orders';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The orders page's data, for the logged-in demo merchant only (401): the demo's sessions, payments and received
 * callbacks, and what the store answers payment callbacks now (`callback_status`: 200, or 500 when told to fail).
 */
export const GET = async (request: Request): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  const refusal = await backOfficeRefusal(request, c, false);
  if (refusal) return refusal;
  return Response.json(
    {
      orders: await listDemoOrders(c.kassa.ctx, c.accountId),
      callback_status: await demoCallbackAnswer(c.kassa.ctx.database.db, c.accountId),
    },
    { headers: { 'cache-control': 'no-store' } },
  );
};
