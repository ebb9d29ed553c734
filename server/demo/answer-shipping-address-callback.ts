import { z } from 'zod';
import type { AppContext } from '../app-context';
import { checkDemoSignature, clip, refused, type DemoRequest } from './check-demo-signature';
import { countDemoCallbacks, recordDemoCallback } from './demo-callbacks';
import { validDemoCodes } from './demo-discounts';
import { demoShippingOptions } from './demo-shipping-options';
import type { DemoAnswer } from './receive-demo-callback';

/** The part of the posted session the store reads (everything else is ignored). */
export const PostedSession = z.looseObject({
  id: z.string().max(255),
  order: z.looseObject({
    items: z.array(z.looseObject({ line_id: z.string(), amount: z.number().int() })).optional(),
    shipping_address: z.looseObject({ country: z.string().optional(), postal_code: z.string().optional() }).optional(),
    shipping_option: z.looseObject({ id: z.string(), line_id: z.string(), amount: z.number().int() }).optional(),
    discount_codes: z.array(z.unknown()).optional(),
  }),
  express: z.looseObject({ shipping_options: z.array(z.looseObject({ id: z.string(), line_id: z.string(), amount: z.number().int() })).optional() }).optional(),
});
export type PostedSession = z.infer<typeof PostedSession>;

export const parsePostedSession = (body: string): PostedSession | undefined => {
  try {
    const parsed = PostedSession.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/** Postal code that makes the store's shipping service fail once per session (to try "Try again"). */
export const FAILING_POSTAL_CODE = '9999';

/**
 * The store's `express.shipping_address_callback_url`: options for the session's new shipping
 * address (server/demo/demo-shipping-options.ts). Postal code 9999 answers 500 the first time
 * for a session, so the page's error and retry can be seen; the retry succeeds.
 */
export const answerShippingAddressCallback = async (ctx: AppContext, accountId: string, req: DemoRequest): Promise<DemoAnswer> => {
  const signature = await checkDemoSignature(ctx, accountId, req);
  const session = parsePostedSession(req.body);
  const address = session?.order.shipping_address;
  const record = (status: number, summary: string) =>
    recordDemoCallback(ctx.database, {
      account_id: accountId,
      kind: 'shipping_address',
      session_id: session?.id ?? null,
      transaction_id: null,
      method: req.method,
      url: clip(req.url),
      signature,
      status,
      summary: clip(summary, 300),
    });
  if (refused(signature)) {
    await record(401, `refused: signature ${signature}`);
    return { status: 401, body: { error: `signature ${signature}` } };
  }
  if (!session) {
    await record(400, 'not a session');
    return { status: 400, body: { error: 'expected the session as JSON' } };
  }
  const where = `${address?.postal_code ?? '?'} ${address?.country ?? '?'}`;
  if (address?.postal_code?.trim() === FAILING_POSTAL_CODE && (await countDemoCallbacks(ctx.database.db, accountId, session.id, 'shipping_address', 500)) === 0) {
    await record(500, `address ${where}: failed on purpose (postal code ${FAILING_POSTAL_CODE}; the next try succeeds)`);
    return { status: 500, body: { error: 'shipping service unavailable' } };
  }
  const shipping_options = demoShippingOptions(address, { freeShipping: validDemoCodes(session.order.discount_codes ?? []).includes('FREESHIP') });
  await record(200, `address ${where}: ${shipping_options.length ? shipping_options.map((o) => o.title).join(', ') : 'cannot ship here'}`);
  return { status: 200, body: { shipping_options } };
};
