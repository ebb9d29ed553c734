import { createDemoSession, DEFAULT_DEMO_CART } from '../../../server/demo/create-demo-session';
import { demoContext, DemoCheckoutForm, demoOff, formFields, notCrossOrigin } from '../../../server/demo/demo-http';
import { AppError } from '../../../server/errors/app-error';
import { statusForCode } from '../../../server/http/error-response';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The store's "Checkout" and "Checkout on this page" buttons: creates an express session for the
 * cart and answers 303 to the hosted checkout, or to /demo/inline (the SDK embed). POST only, so
 * showing /demo (or any GET) creates nothing; a POST from another site (its Origin) is 403. URLs come
 * from the public origin (ADR 007). 404 while the demo store is off (ADR 029).
 */
export const POST = async (request: Request): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  const { kassa, accountId, meta } = c;
  if (!notCrossOrigin(request, meta.baseUrl))
    return new Response('Refused: sent from another site', { status: 403, headers: { 'content-type': 'text/plain' } });
  const form = DemoCheckoutForm.safeParse(await formFields(request));
  if (!form.success)
    return new Response('The cart is not valid', { status: 400, headers: { 'content-type': 'text/plain' } });
  try {
    const session = await createDemoSession(kassa.ctx, accountId, form.data.cart ?? DEFAULT_DEMO_CART, meta);
    const location =
      form.data.mode === 'inline' ? `${meta.baseUrl}/demo/inline?sid=${encodeURIComponent(session.id)}` : session.url;
    return new Response(null, { status: 303, headers: { location } });
  } catch (e) {
    if (e instanceof AppError)
      return new Response(e.message, { status: statusForCode(e.code), headers: { 'content-type': 'text/plain' } });
    console.error(e);
    return new Response('Could not start the checkout', { status: 500, headers: { 'content-type': 'text/plain' } });
  }
};
