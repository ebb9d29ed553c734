import type { AppContext, RequestMeta } from '../app-context';
import { AppError } from '../errors/app-error';
import { callExpressCallback, expressCallbackFailed } from '../express/call-express-callback';
import { orderAfterExpressAnswer } from '../express/express-answer-order';
import { discountCallbackUrl, discountCodesEnabled, maxDiscountCodes } from '../express/express-settings';
import { toJson } from '../shared/json-columns';
import { readSession } from '../sessions/session-repository';
import type { StoredSessionOrder } from '../sessions/session-record';
import type { ViewSession } from '../sessions/session-schemas';
import { withGiftCardsReapplied } from '../sessions/reprice-order';
import { writeViewSession } from './write-view-session';

/**
 * The customer's discount codes go to the shop's discount callback (outside any database
 * transaction), which re-prices the order and the shipping options. `applied` is false when no
 * code gave a discount (the route answers 204); the shop's answer is stored either way.
 */
export const setDiscountCodes = async (
  ctx: AppContext,
  sessionId: string,
  codes: string[],
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<{ applied: boolean; view: ViewSession }> => {
  let applied = false;
  const view = await writeViewSession(
    ctx,
    sessionId,
    { ifUnmodifiedSince, meta, expressOnly: true },
    async (session) => {
      const url = discountCallbackUrl(session.express);
      if (!url || !discountCodesEnabled(session.express, session.configuration))
        throw new AppError('DISCOUNTS_NOT_ENABLED', 'This shop does not take discount codes');
      const unique = [...new Set(codes)];
      const max = maxDiscountCodes(session.express);
      if (unique.length > max) {
        throw new AppError(
          'TOO_MANY_DISCOUNT_CODES',
          `At most ${max} discount code${max === 1 ? '' : 's'} can be used`,
          { errors: [{ path: 'discount_codes', message: `at most ${max}` }] },
        );
      }
      const current = await readSession(ctx.database.db, session);
      const answer = await callExpressCallback(
        ctx,
        session.account_id,
        url,
        { ...current, order: { ...current.order, discount_codes: unique } },
        { purpose: 'discount' },
      );
      const options = answer.shipping_options;
      // the chosen option at the shop's new price (dropped when no longer offered), then the shop's re-priced order,
      // which must be one the merchant could store (and add up, also for a session without items)
      const hasItems = (session.order.items?.length ?? 0) > 0;
      const answered = orderAfterExpressAnswer(session.order, answer, {
        currency: session.currency,
        purpose: 'discount',
        checkTotal: hasItems,
      });
      const order: StoredSessionOrder = { ...answered, discount_codes: answer.order?.discount_codes ?? [] };
      if (hasItems) {
        const lines = new Set(order.items?.map((i) => i.line_id));
        if (session.order.items?.some((i) => !lines.has(i.line_id)))
          throw expressCallbackFailed('order.items must list every item of the session', 'discount');
      }
      applied = (order.discount_codes?.length ?? 0) > 0;
      const priced = await withGiftCardsReapplied(ctx.database.db, session.account_id, order);
      return {
        changes: {
          order_data: toJson(priced),
          amount: priced.amount,
          express: toJson({ ...session.express, shipping_options: options }),
        },
        events: [
          ['SET_DISCOUNT_CODES', { discount_codes: unique, applied_discount_codes: order.discount_codes ?? [] }],
        ],
      };
    },
  );
  return { applied, view };
};
