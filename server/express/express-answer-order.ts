import {
  currencyMismatch,
  itemAmountsContradict,
  orderAmountMismatch,
  vatContradictsLines,
  withLinesVat,
} from '../../domain/order-rules';
import { withShippingOption } from '../sessions/reprice-order';
import type { StoredSessionOrder } from '../sessions/session-record';
import { UpdateSessionBody } from '../sessions/session-schemas';
import {
  expressCallbackFailed,
  type ExpressCallbackPurpose,
  type ExpressCallbackResult,
} from './call-express-callback';

export interface ExpressAnswerRules {
  /** The session's currency: the order keeps it. */
  currency: string;
  purpose: ExpressCallbackPurpose;
  /** Check order.amount against the items even when the answer has no `order` (the discount callback, for a session with items). */
  checkTotal?: boolean;
}

/**
 * Why the merchant could not store this order itself, or undefined: the body rules of
 * `PUT /v1/sessions/{id}` (UpdateSessionBody: a positive int32 amount, int32 lines, unique item
 * line_ids, a current currency, ...), the session's currency, and with `total` the amount rule
 * (items + shipping − order-level discount lines, within int32); `items` are the answered items,
 * whose amounts must agree with their gross_amount and discount_lines.
 */
const refusal = (
  order: StoredSessionOrder,
  rules: ExpressAnswerRules,
  total: boolean,
  items: StoredSessionOrder['items'],
): string | undefined => {
  // the customer's gift cards are applied after the check; a merchant's order never carries them
  const { gift_cards: _applied, ...merchantOrder } = order;
  const parsed = UpdateSessionBody.safeParse({ order: merchantOrder });
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  const refused =
    currencyMismatch(parsed.data.order.currency, rules.currency) ??
    (total ? orderAmountMismatch(order) : undefined) ??
    (items ? itemAmountsContradict(items) : undefined) ??
    vatContradictsLines(order);
  return refused?.message;
};

/**
 * The session's order after a merchant's express answer (shipping address or discount codes
 * callback), or 502 EXPRESS_CALLBACK_FAILED when the merchant could not have stored that order with
 * its own session update (ADR 015). The chosen shipping option takes the price the answer offers it
 * at (and order.amount moves by the difference), or is dropped when it is no longer offered; then
 * the answer's `order` replaces the amounts, items and codes it names, and the order-level
 * `discount_lines` (left out: none). An answer with an `order` must add up: order.amount is the
 * items plus the chosen option at its new price, less those discount lines.
 */
export const orderAfterExpressAnswer = (
  order: StoredSessionOrder,
  answer: ExpressCallbackResult,
  rules: ExpressAnswerRules,
): StoredSessionOrder => {
  const chosen = order.shipping_option;
  const offered = chosen
    ? answer.shipping_options.find((o) => o.id === chosen.id && o.line_id === chosen.line_id)
    : undefined;
  let result = withShippingOption(order, offered);
  if (answer.order) {
    const { discount_lines: _previous, ...kept } = result;
    const { currency, discount_lines, ...answered } = answer.order;
    result = {
      ...kept,
      ...answered,
      ...(discount_lines ? { discount_lines } : {}),
      currency: currency ?? rules.currency,
    };
    // an answer that does not state the VAT: the lines' VAT (never the VAT of the order before the answer)
    if (answered.vat_amount === undefined) result = withLinesVat(result, false);
  }
  const refused = refusal(result, rules, answer.order !== undefined || rules.checkTotal === true, answer.order?.items);
  if (refused) throw expressCallbackFailed(`order refused: ${refused}`, rules.purpose);
  return { ...result, currency: rules.currency };
};
