import { demoLoginCookie } from '../../../../server/demo/demo-merchant-cookie';
import { demoContext, demoOff, fromOwnPage, plainText } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The back office's "Log out" (POST from the store's own page): clears the login cookie, 303 to /demo/orders. */
export const POST = async (request: Request): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  if (!fromOwnPage(request, c.meta.baseUrl)) return plainText(403, "Refused: not sent from the demo store's own page");
  return new Response(null, {
    status: 303,
    headers: {
      location: `${c.meta.baseUrl}/demo/orders`,
      'set-cookie': demoLoginCookie('', c.meta.baseUrl),
      'cache-control': 'no-store',
    },
  });
};
