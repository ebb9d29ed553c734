import type { AppContext } from '../app-context';
import type { OrderItem, ShippingOption } from '../../domain/view-types';
import { checkDemoSignature, clip, refused, type DemoRequest } from './check-demo-signature';
import { recordDemoCallback } from './demo-callbacks';
import { discountItems, orderAmount, validDemoCodes } from './demo-discounts';
import { demoShippingOptions } from './demo-shipping-options';
import { parsePostedSession } from './answer-shipping-address-callback';
import type { DemoAnswer } from './receive-demo-callback';

/**
 * The store's `express.discount_codes.callback_url`: re-prices every item (discount_lines) and the
 * shipping options for the codes in `order.discount_codes`, and answers the new order amount.
 * `order.discount_codes` lists only the codes that apply (empty: nothing applies).
 */
export const answerDiscountCodesCallback = async (ctx: AppContext, accountId: string, req: DemoRequest): Promise<DemoAnswer> => {
  const signature = await checkDemoSignature(ctx, accountId, req);
  const session = parsePostedSession(req.body);
  const record = (status: number, summary: string) =>
    recordDemoCallback(ctx.database, {
      account_id: accountId,
      kind: 'discount_codes',
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
  const entered = session.order.discount_codes ?? [];
  const codes = validDemoCodes(entered);
  const address = session.order.shipping_address;
  const shipping_options = address ? demoShippingOptions(address, { freeShipping: codes.includes('FREESHIP') }) : ((session.express?.shipping_options ?? []) as ShippingOption[]);
  const items = discountItems((session.order.items ?? []) as OrderItem[], codes);
  const amount = orderAmount(items, session.order.shipping_option as ShippingOption | undefined, shipping_options);
  await record(200, `codes ${JSON.stringify(entered)}: ${codes.length ? `${codes.join(', ')} applied` : 'none applies'}`);
  return { status: 200, body: { shipping_options, order: { amount, discount_codes: codes, items } } };
};
