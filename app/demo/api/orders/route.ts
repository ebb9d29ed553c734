import { demoContext } from '../../../../server/demo/demo-http';
import { listDemoOrders } from '../../../../server/demo/list-demo-orders';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The orders page's data: the store's sessions, payments and received callbacks. */
export const GET = async (request: Request): Promise<Response> => {
  const { kassa, accountId } = await demoContext(request);
  return Response.json({ orders: await listDemoOrders(kassa.ctx, accountId) }, { headers: { 'cache-control': 'no-store' } });
};
