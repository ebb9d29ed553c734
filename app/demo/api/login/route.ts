import { AppError } from '../../../../server/errors/app-error';
import { demoLoginCookie } from '../../../../server/demo/demo-merchant-cookie';
import {
  demoContext,
  DemoLoginForm,
  demoOff,
  formFields,
  fromOwnPage,
  plainText,
} from '../../../../server/demo/demo-http';
import { logInDemoMerchant } from '../../../../server/demo/log-in-demo-merchant';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The demo back office's login form (POST, from the store's own page only: 403): the demo merchant's
 * client id and secret; the browser gets a sealed httpOnly cookie, never the secret (ADR 029).
 * 303 to /demo/orders, with `login=failed` (or `login=wait`) when refused.
 */
export const POST = async (request: Request): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  if (!fromOwnPage(request, c.meta.baseUrl)) return plainText(403, "Refused: not sent from the demo store's own page");
  const back = new URL(`${c.meta.baseUrl}/demo/orders`);
  const form = DemoLoginForm.safeParse(await formFields(request));
  try {
    if (!form.success) throw new AppError('UNAUTHORIZED', 'client id and secret are required');
    const { client_id: clientId, client_secret: secret } = form.data;
    const sealed = await logInDemoMerchant(c.kassa.ctx, c.accountId, clientId, secret, c.address);
    return new Response(null, {
      status: 303,
      headers: {
        location: back.toString(),
        'set-cookie': demoLoginCookie(sealed, c.meta.baseUrl),
        'cache-control': 'no-store',
      },
    });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    back.searchParams.set('login', e.code === 'TOO_MANY_REQUESTS' ? 'wait' : 'failed');
    return new Response(null, { status: 303, headers: { location: back.toString(), 'cache-control': 'no-store' } });
  }
};
