import { cookies } from 'next/headers';
import { CHOICE_COOKIE, choiceCookieOptionsFor, savePaymentChoice } from '../../../server/pages/payment-choice';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** POST {sid, payment_product_type}: remembers the customer's choice for this session (204), 400 for anything else. */
export async function POST(request: Request): Promise<Response> {
  const body = (await request.json().catch(() => ({}))) as { sid?: unknown; payment_product_type?: unknown };
  const jar = await cookies();
  const sealed =
    typeof body.sid === 'string' && typeof body.payment_product_type === 'string'
      ? await savePaymentChoice(jar.get(CHOICE_COOKIE)?.value, body.sid, body.payment_product_type)
      : undefined;
  if (!sealed)
    return Response.json(
      { error: { message: 'Send {"sid", "payment_product_type"}', code: 'INVALID_REQUEST', errors: [] } },
      { status: 400 },
    );
  jar.set(CHOICE_COOKIE, sealed, await choiceCookieOptionsFor(request.headers));
  return new Response(null, { status: 204 });
}
