import type { AppContext, RequestMeta } from '../app-context';
import { differentBillingAllowed } from '../../domain/billing-address';
import { AppError } from '../errors/app-error';
import { callExpressCallback } from '../express/call-express-callback';
import { orderAfterExpressAnswer } from '../express/express-answer-order';
import { toJson } from '../shared/json-columns';
import { readSession } from '../sessions/session-repository';
import type { StoredSessionOrder } from '../sessions/session-record';
import type { ViewSession } from '../sessions/session-schemas';
import { withGiftCardsReapplied, withShippingOption } from '../sessions/reprice-order';
import type { SetAddressesInput } from './view-schemas';
import { writeViewSession, type ViewWritePlan } from './write-view-session';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * The customer's shipping and billing address (and contact details). With a shipping address callback,
 * the shop is asked for the options for the new address (outside any database transaction); a chosen
 * option takes the price offered for the new address or is dropped when no longer offered, `[]` means
 * the shop cannot ship there, and an order in the answer must be one the merchant could store (else 502).
 */
export const setOrderAddresses = async (
  ctx: AppContext,
  sessionId: string,
  input: SetAddressesInput,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<ViewSession> =>
  writeViewSession(ctx, sessionId, { ifUnmodifiedSince, meta }, async (session): Promise<ViewWritePlan> => {
    const differentBilling = differentBillingAllowed(session.configuration, session.express);
    const shipping = input.shipping_address ?? session.order.shipping_address;
    if (input.billing_address && !differentBilling && shipping && !same(input.billing_address, shipping)) {
      throw new AppError('INVALID_REQUEST', 'This shop takes one address for shipping and billing', {
        errors: [
          {
            path: 'billing_address',
            message: 'must equal shipping_address (configuration.allow_different_billing_shipping_address is not set)',
          },
        ],
      });
    }
    const billing = input.billing_address ?? (differentBilling ? session.order.billing_address : undefined) ?? shipping;
    let order: StoredSessionOrder = {
      ...session.order,
      ...(shipping ? { shipping_address: shipping } : {}),
      ...(billing ? { billing_address: billing } : {}),
    };
    let express = session.express;
    const callbackUrl = express?.shipping_address_callback_url;
    if (callbackUrl && input.shipping_address) {
      const current = await readSession(ctx.database.db, session);
      const answer = await callExpressCallback(
        ctx,
        session.account_id,
        callbackUrl,
        { ...current, order },
        { purpose: 'shipping' },
      );
      express = { ...express, shipping_options: answer.shipping_options };
      // the chosen option at its price for this address (or dropped), the shop's order, and the merchant's own order rules
      order = orderAfterExpressAnswer(order, answer, { currency: session.currency, purpose: 'shipping' });
    }
    const offered = express?.shipping_options;
    const chosen = order.shipping_option;
    if (chosen && offered && !offered.some((o) => o.id === chosen.id && o.line_id === chosen.line_id))
      order = withShippingOption(order, undefined);
    order = await withGiftCardsReapplied(ctx.database.db, session.account_id, order);
    const events: ViewWritePlan['events'] = [];
    const checkboxes = input.checkboxes ? { checkboxes: input.checkboxes } : {};
    if (input.shipping_address || input.checkboxes)
      events.push([
        'SET_SHIPPING_ADDRESS',
        { shipping_address: shipping, ...checkboxes, ...(offered ? { shipping_options: offered.length } : {}) },
      ]);
    if (input.billing_address || (input.shipping_address && billing === shipping))
      events.push(['SET_BILLING_ADDRESS', { billing_address: billing }]);
    return {
      changes: {
        order_data: toJson(order),
        amount: order.amount,
        express: express ? toJson(express) : null,
        customer_email: shipping?.email ?? session.customer_email,
      },
      events,
    };
  });
