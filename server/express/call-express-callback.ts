import { z } from 'zod';
import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { Int32Amount } from '../shared/schemas';
import { OrderItem, ShippingOption } from '../sessions/session-schemas';
import { signatureHeader } from '../signature/sign-callback';
import { findSigningSecret } from '../signature/signature-secrets';

export const ExpressCallbackResponse = z.looseObject({
  shipping_options: z.array(ShippingOption),
  order: z.looseObject({ amount: Int32Amount, currency: z.string().optional(), vat_amount: Int32Amount.optional(), items: z.array(OrderItem).optional(), discount_codes: z.array(z.string()).optional() }).optional(),
});
export type ExpressCallbackResult = z.infer<typeof ExpressCallbackResponse>;

const TIMEOUT_MS = 10_000;

/**
 * POSTs the session to a merchant's express callback (shipping address or discount codes) and
 * validates the answer. No retries: anything but a valid 200 is EXPRESS_CALLBACK_FAILED with a
 * message the customer or merchant can act on. Never called inside a database transaction.
 */
export const callExpressCallback = async (ctx: AppContext, accountId: string, url: string, session: unknown): Promise<ExpressCallbackResult> => {
  const secret = await findSigningSecret(ctx.database.db, accountId);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Kassa-Express/1.0' };
  if (secret) headers['kassa-signature'] = signatureHeader(secret.secret, Math.floor(Date.now() / 1000), accountId, 'POST', url);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(session), redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' /* fetch rejects with Errors (TimeoutError from AbortSignal.timeout) */ ? 'did not answer within 10 s' : 'could not be reached';
    throw new AppError('EXPRESS_CALLBACK_FAILED', `The shop's shipping service ${reason}`);
  }
  const text = await res.text().catch(() => '');
  if (res.status !== 200) throw new AppError('EXPRESS_CALLBACK_FAILED', `The shop's shipping service answered ${res.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('EXPRESS_CALLBACK_FAILED', "The shop's shipping service did not answer with JSON");
  }
  const result = ExpressCallbackResponse.safeParse(parsed);
  if (!result.success) throw new AppError('EXPRESS_CALLBACK_FAILED', "The shop's shipping service answered with an invalid body (shipping_options is required)");
  return result.data;
};
