import type { AppContext, RequestMeta } from '../app-context';
import { AppError } from '../errors/app-error';
import { toJson } from '../shared/json-columns';
import { INT32_MAX } from '../../domain/money';
import type { ShippingOption } from '../../domain/view-types';
import type { ViewSession } from '../sessions/session-schemas';
import { withGiftCardsReapplied, withShippingOption } from '../sessions/reprice-order';
import { writeViewSession } from './write-view-session';

/**
 * The customer picks one of the shop's current shipping options (matched by `id` and `line_id`).
 * The shop's copy is stored, never the page's, so the price cannot be changed from the browser;
 * `order.amount` moves by the price difference (never past int32) and the gift cards are re-applied.
 */
export const setShippingOption = async (
  ctx: AppContext,
  sessionId: string,
  input: { id: string; line_id: string },
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<ViewSession> =>
  writeViewSession(ctx, sessionId, { ifUnmodifiedSince, meta, expressOnly: true }, async (session) => {
    const offered: ShippingOption[] = session.express?.shipping_options ?? [];
    const option = offered.find((o) => o.id === input.id && o.line_id === input.line_id);
    if (!option) {
      throw new AppError('SHIPPING_OPTION_NOT_AVAILABLE', 'This shipping option is not offered for your address', {
        errors: [{ path: 'line_id', message: 'not among express.shipping_options' }],
      });
    }
    const chosen = withShippingOption(session.order, option);
    if (chosen.amount > INT32_MAX) {
      throw new AppError('SHIPPING_OPTION_NOT_AVAILABLE', 'This shipping option cannot be added to this order', {
        errors: [{ path: 'line_id', message: `the order amount would be more than ${INT32_MAX}` }],
      });
    }
    const order = await withGiftCardsReapplied(ctx.database.db, session.account_id, chosen);
    return {
      changes: { order_data: toJson(order), amount: order.amount },
      events: [['SET_SHIPPING_OPTION', { shipping_option: option }]],
    };
  });
