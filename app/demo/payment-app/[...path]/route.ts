import { serveDemoPaymentApp } from '../../../../server/demo/payment-app/serve-demo-payment-app';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Params = { params: Promise<{ path: string[] }> };

/** The demo's reference payment app (server/demo/payment-app, docs/payment-app.md). */
const handle = async (request: Request, { params }: Params): Promise<Response> =>
  serveDemoPaymentApp(request, (await params).path);

export { handle as GET, handle as POST };
