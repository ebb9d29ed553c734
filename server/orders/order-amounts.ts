import { AppError } from '../errors/app-error';
import { INT32_MAX } from '../../domain/money';
import type { OrderItemInput } from './order-schemas';

export interface OrderAmounts {
  gross_amount: number;
  net_amount: number;
  total_discount: number;
}

/**
 * An order's amounts from its items, in integer minor units: gross and net are the items' sums
 * (an item without net_amount counts its gross_amount), total_discount the sum of every item's
 * discount_lines amounts, at least 0.
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

/** Refuses items whose sums do not fit the int32 amounts Kassa stores. */
export const assertAmountsFit = (items: OrderItemInput[]): void => {
  const amounts = orderAmounts(items);
  for (const [name, value] of Object.entries(amounts)) {
    if (Math.abs(value) > INT32_MAX)
      throw new AppError('INVALID_REQUEST', `The items' ${name} is out of range`, {
        errors: [{ path: 'items', message: `${name} must be within ±${INT32_MAX}` }],
      });
  }
};
