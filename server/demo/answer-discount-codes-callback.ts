import type { AppContext } from '../app-context';
import type { OrderItem, ShippingOption } from '../../domain/view-types';
import type { DemoRequest } from './check-demo-signature';
import { discountItems, orderAmount, validDemoCodes } from './demo-discounts';
import { demoShippingOptions } from './demo-shipping-options';
import { receivePostedSession } from './posted-session';
import type { DemoAnswer } from './receive-demo-callback';

/**
 * The store's `express.discount_codes.callback_url`: re-prices every item (discount_lines) and the
 * shipping options for the codes in `order.discount_codes`, and answers the new order amount.
 * `order.discount_codes` lists only the codes that apply (empty: nothing applies).
 */
export const answerDiscountCodesCallback = async (
  ctx: AppContext,
  accountId: string,
  req: DemoRequest,
): Promise<DemoAnswer> => {
  const received = await receivePostedSession(ctx, accountId, req, 'discount_codes');
  if ('answer' in received) return received.answer;
  const { session, record } = received;
  const entered = session.order.discount_codes ?? [];
  const codes = validDemoCodes(entered);
  const address = session.order.shipping_address;
  const shipping_options = address
    ? demoShippingOptions(address, { freeShipping: codes.includes('FREESHIP') })
    : ((session.express?.shipping_options ?? []) as ShippingOption[]);
  const items = discountItems((session.order.items ?? []) as OrderItem[], codes);
  const amount = orderAmount(items, session.order.shipping_option as ShippingOption | undefined, shipping_options);
  await record(
    200,
    `codes ${JSON.stringify(entered)}: ${codes.length ? `${codes.join(', ')} applied` : 'none applies'}`,
  );
  return { status: 200, body: { shipping_options, order: { amount, discount_codes: codes, items } } };
};
