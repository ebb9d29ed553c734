import { z } from 'zod';
import type { AppContext } from '../app-context';
import { deliveryTarget, privateCallbacksAllowed, type LookupFn } from '../callbacks/callback-url-policy';
import { AppError } from '../errors/app-error';
import { postPinned } from '../shared/post-pinned';
import { Int32Amount } from '../shared/schemas';
import { DiscountLine, OrderItem, ShippingOption } from '../sessions/session-schemas';
import { signatureHeader } from '../signature/sign-callback';
import { findSigningSecret } from '../signature/signature-secrets';

/** An answered item's own discount lines are read (the item's amount is its gross_amount less them). */
const AnsweredItem = OrderItem.extend({ discount_lines: z.array(DiscountLine).max(100).optional() });

/**
 * Only these fields of the shop's answer are used (unknown top-level and order fields are dropped).
 * The order they lead to must then pass the merchant's own order rules (express-answer-order.ts).
 */
export const ExpressCallbackResponse = z.object({
  shipping_options: z.array(ShippingOption),
  order: z
    .object({
      amount: Int32Amount,
      currency: z.string().optional(),
      vat_amount: Int32Amount.optional(),
      items: z.array(AnsweredItem).optional(),
      discount_codes: z.array(z.string()).optional(),
      discount_lines: z.array(DiscountLine).optional(),
    })
    .optional(),
});
export type ExpressCallbackResult = z.infer<typeof ExpressCallbackResponse>;

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 262_144;

/**
 * The one answer for every failure: refused by the URL policy, unreachable, closed port, timeout,
 * any status but 200, a body too large, not JSON or not the schema. The target's status, body and
 * whether anything listened are never told (the detail goes to the server log as the cause).
 */
const MESSAGES = {
  shipping: "The shop's shipping service did not give a usable answer; try again",
  discount: "The shop's discount service did not give a usable answer; try again",
} as const;
export type ExpressCallbackPurpose = keyof typeof MESSAGES;
export const expressCallbackFailed = (detail: string, purpose: ExpressCallbackPurpose = 'shipping'): AppError =>
  new AppError('EXPRESS_CALLBACK_FAILED', MESSAGES[purpose], {
    cause: new Error(`express ${purpose} callback: ${detail}`),
  });

/**
 * POSTs the session to a merchant's express callback (shipping address) and validates the answer.
 * The URL goes through the callback URL policy (server/callbacks/callback-url-policy.ts): private
 * addresses refused unless allowed for the account, the host resolved once and the socket pinned
 * to the checked address. No retries. Never called inside a database transaction.
 */
export const callExpressCallback = async (
  ctx: AppContext,
  accountId: string,
  url: string,
  session: unknown,
  opts: { lookup?: LookupFn; purpose?: ExpressCallbackPurpose } = {},
): Promise<ExpressCallbackResult> => {
  const failed = (detail: string) => expressCallbackFailed(detail, opts.purpose);
  const target = deliveryTarget(url, {
    allowPrivate: privateCallbacksAllowed(ctx.env, accountId),
    lookup: opts.lookup,
  });
  if (!target.ok) throw failed(`refused: ${target.reason}`);
  const secret = await findSigningSecret(ctx.database.db, accountId);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Kassa-Express/1.0' };
  if (secret)
    headers['kassa-signature'] = signatureHeader(secret.secret, Math.floor(Date.now() / 1000), accountId, 'POST', url);
  let answer: { status: number; text: string };
  try {
    answer = await postPinned(url, headers, JSON.stringify(session), {
      lookup: target.lookup,
      timeoutMs: TIMEOUT_MS,
      maxAnswerBytes: MAX_ANSWER_BYTES,
    });
  } catch (e) {
    throw failed((e as Error).message);
  }
  if (answer.status !== 200) throw failed(`status ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw failed('not JSON');
  }
  const result = ExpressCallbackResponse.safeParse(parsed);
  if (!result.success) throw failed('invalid body');
  return result.data;
};
