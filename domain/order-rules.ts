import { AppError } from '../server/errors/app-error';
import { sumAmounts } from './money';
import { ITEM_BASED_TYPES, type PaymentMethod } from '../server/sessions/payment-methods';

interface OrderLike {
  amount: number;
  items?: { line_id: string; amount: number }[];
  shipping_option?: { id?: string; line_id?: string; amount: number };
}

/** order.amount must equal the items plus the shipping option (strict-session-amounts, and always on update). */
export const assertOrderAmountMatches = (order: OrderLike, path = 'order.amount'): void => {
  const expected = sumAmounts((order.items ?? []).map((i) => i.amount)) + (order.shipping_option?.amount ?? 0);
  if (!order.items?.length && !order.shipping_option) {
    throw new AppError('ORDER_AMOUNT_MISMATCH', 'order.items are required to check order.amount', { errors: [{ path: 'order.items', message: 'required' }] });
  }
  if (order.amount !== expected) {
    throw new AppError('ORDER_AMOUNT_MISMATCH', `order.amount ${order.amount} does not equal the items plus shipping (${expected})`, {
      errors: [{ path, message: `must equal ${expected}` }],
    });
  }
};

/** Item-based payment types need order lines. */
export const assertItemsWhenRequired = (order: OrderLike, methods: PaymentMethod[]): void => {
  const needy = methods.find((m) => ITEM_BASED_TYPES.has(m.payment_product_type));
  if (needy && !order.items?.length) {
    throw new AppError('ITEMS_REQUIRED', `order.items are required when ${needy.payment_product_type} is enabled`, { errors: [{ path: 'order.items', message: 'required' }] });
  }
};

/** order.shipping_option must be one of express.shipping_options when both are set. */
export const assertShippingOptionOffered = (order: OrderLike, express: { shipping_options?: { id: string; line_id: string }[] } | undefined): void => {
  const options = express?.shipping_options;
  if (!order.shipping_option || !options) return;
  const chosen = order.shipping_option;
  if (!options.some((o) => o.id === chosen.id && o.line_id === chosen.line_id)) {
    throw new AppError('SHIPPING_OPTION_NOT_AVAILABLE', 'order.shipping_option must be one of express.shipping_options', {
      errors: [{ path: 'order.shipping_option', message: 'not among express.shipping_options' }],
    });
  }
};
