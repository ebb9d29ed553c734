import { createDemoSession } from '../../server/demo/create-demo-session';
import { getKassa } from '../../server/http/kassa-singleton';
import { requestBaseUrl } from '../../server/http/node-adapter';
import { uuid } from '../../server/shared/ids';

// `next dev` only: the production server (bin/kassa.ts) answers /demo before Next.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = async (request: Request): Promise<Response> => {
  const kassa = await getKassa();
  const headers = Object.fromEntries(request.headers.entries());
  const baseUrl = requestBaseUrl(kassa.ctx.env.KASSA_PUBLIC_URL, headers);
  try {
    const session = await createDemoSession(kassa.ctx, kassa.merchant.accountId, { requestId: uuid(), baseUrl, headers: {} });
    return new Response(null, { status: 302, headers: { location: session.url } });
  } catch (e) {
    console.error(e);
    return new Response('Could not start the demo payment', { status: 500, headers: { 'content-type': 'text/plain' } });
  }
};
