import { createDemoSession } from '../../../server/demo/create-demo-session';
import { getKassa } from '../../../server/http/kassa-singleton';
import { publicOriginFor } from '../../../server/http/public-origin';
import { uuid } from '../../../server/shared/ids';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The demo shop's "Pay with Kassa" button: creates a session for the startup merchant and answers
 * 303 to its checkout. POST only, so showing /demo (or any GET) creates nothing. The return and
 * callback URLs come from the trusted public origin (ADR 007), never from a client's headers.
 */
export const POST = async (request: Request): Promise<Response> => {
  const kassa = await getKassa();
  const baseUrl = publicOriginFor(kassa.ctx.env)(Object.fromEntries(request.headers.entries()));
  try {
    const session = await createDemoSession(kassa.ctx, kassa.merchant.accountId, { requestId: uuid(), baseUrl, headers: {} });
    return new Response(null, { status: 303, headers: { location: session.url } });
  } catch (e) {
    console.error(e);
    return new Response('Could not start the demo payment', { status: 500, headers: { 'content-type': 'text/plain' } });
  }
};
