import type { Executor } from '../db/database';
import type { OrderView } from './order-schemas';

/** What the linked checkout transactions hold, summed (minor units of the order's currency). */
export interface LinkedMoney {
  authorized: number;
  captured: number;
  refunded: number;
}

const NO_MONEY: LinkedMoney = { authorized: 0, captured: 0, refunded: 0 };
/** Transactions that never held money. */
const NOT_AUTHORIZED = ['INITIATED', 'DECLINED', 'FAILED', 'UNKNOWN'] as const;

/**
 * The checkout transactions linked to each order: a session created with `order.merchant_reference`
 * equal to the order's order_id (same account and currency). Authorized is net of voids.
 */
export const linkedMoney = async (
  exec: Executor,
  accountId: string,
  orders: { order_id: string | null; currency?: string }[],
): Promise<Map<string, LinkedMoney>> => {
  const ids = orders.map((o) => o.order_id).filter((id): id is string => id !== null);
  const result = new Map<string, LinkedMoney>();
  if (!ids.length) return result;
  const rows = await exec
    .selectFrom('transactions')
    .select(['merchant_reference', 'currency', 'amount', 'voided_amount', 'captured_amount', 'refunded_amount'])
    .where('account_id', '=', accountId)
    .where('merchant_reference', 'in', ids)
    .where('status', 'not in', NOT_AUTHORIZED)
    .execute();
  for (const o of orders) {
    if (o.order_id === null) continue;
    const mine = rows.filter((r) => r.merchant_reference === o.order_id && r.currency === o.currency);
    result.set(o.order_id, {
      authorized: mine.reduce((s, r) => s + r.amount - r.voided_amount, 0),
      captured: mine.reduce((s, r) => s + r.captured_amount, 0),
      refunded: mine.reduce((s, r) => s + r.refunded_amount, 0),
    });
  }
  return result;
};

/**
 * payment_status and payment_details from the linked money and the order's gross amount:
 * refunded (everything captured was refunded) or partially_refunded once anything was refunded;
 * otherwise paid when the authorizations cover the gross amount, partially_paid when they cover
 * part of it, pending when nothing is authorized. Captures move payment_details.
 */
export const paymentOf = (
  gross: number,
  money: LinkedMoney = NO_MONEY,
): Pick<OrderView, 'payment_status' | 'payment_details'> => {
  const { authorized, captured, refunded } = money;
  const status: OrderView['payment_status'] =
    refunded > 0
      ? refunded >= captured
        ? 'refunded'
        : 'partially_refunded'
      : authorized <= 0
        ? 'pending'
        : authorized >= gross
          ? 'paid'
          : 'partially_paid';
  const uncaptured = Math.max(0, authorized - captured);
  return {
    payment_status: status,
    payment_details: {
      remaining_authorization_amount: Math.max(0, gross - authorized),
      remaining_capture_amount: uncaptured,
      remaining_cancellation_amount: uncaptured,
      remaining_refund_amount: Math.max(0, captured - refunded),
      amount_due: Math.max(0, gross - captured),
    },
  };
};
