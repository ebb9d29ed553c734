import type { OrderItemInput } from './order-schemas';

export interface OrderAmounts {
  gross_amount: number;
  net_amount: number;
  total_discount: number;
}

/**
 * An order's amounts from its items, in integer minor units: gross and net are the items' sums
 * (an item without net_amount counts its gross_amount), total_discount the sum of every item's
 * discount_lines amounts, at least 0. The sums are computed when the order is read, never stored in an
 * int32 column, and are exact: at most MAX_ORDER_ITEMS items of MAX_ITEM_DISCOUNT_LINES lines, each
 * amount within ±INT32_MAX, add up to less than Number.MAX_SAFE_INTEGER (test/unit/order-amounts.test.ts).
 * So they may exceed int32, as the specification's integer totals may.
 */
export const orderAmounts = (items: OrderItemInput[]): OrderAmounts => {
  let gross = 0;
  let net = 0;
  let discount = 0;
  for (const item of items) {
    gross += item.gross_amount;
    net += item.net_amount ?? item.gross_amount;
    for (const line of item.discount_lines ?? []) discount += line.amount;
  }
  return { gross_amount: gross, net_amount: net, total_discount: Math.max(0, discount) };
};
