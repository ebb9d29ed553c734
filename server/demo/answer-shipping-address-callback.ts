import type { AppContext } from '../app-context';
import type { DemoRequest } from './check-demo-signature';
import { countDemoCallbacks } from './demo-callbacks';
import { receivePostedSession } from './posted-session';
import { validDemoCodes } from './demo-discounts';
import { demoShippingOptions } from './demo-shipping-options';
import type { DemoAnswer } from './receive-demo-callback';

/** Postal code that makes the store's shipping service fail once per session (to try "Try again"). */
export const FAILING_POSTAL_CODE = '9999';

/**
 * The store's `express.shipping_address_callback_url`: options for the session's new shipping
 * address (server/demo/demo-shipping-options.ts). Postal code 9999 answers 500 the first time
 * for a session, so the page's error and retry can be seen; the retry succeeds.
 */
export const answerShippingAddressCallback = async (
  ctx: AppContext,
  accountId: string,
  req: DemoRequest,
): Promise<DemoAnswer> => {
  const received = await receivePostedSession(ctx, accountId, req, 'shipping_address');
  if ('answer' in received) return received.answer;
  const { session, record } = received;
  const address = session.order.shipping_address;
  const where = `${address?.postal_code ?? '?'} ${address?.country ?? '?'}`;
  if (
    address?.postal_code?.trim() === FAILING_POSTAL_CODE &&
    (await countDemoCallbacks(ctx.database.db, accountId, session.id, 'shipping_address', 500)) === 0
  ) {
    await record(
      500,
      `address ${where}: failed on purpose (postal code ${FAILING_POSTAL_CODE}; the next try succeeds)`,
    );
    return { status: 500, body: { error: 'shipping service unavailable' } };
  }
  const shipping_options = demoShippingOptions(address, {
    freeShipping: validDemoCodes(session.order.discount_codes ?? []).includes('FREESHIP'),
  });
  await record(
    200,
    `address ${where}: ${shipping_options.length ? shipping_options.map((o) => o.title).join(', ') : 'cannot ship here'}`,
  );
  return { status: 200, body: { shipping_options } };
};
