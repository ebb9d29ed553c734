import { sumAmounts } from './money';
import type { Refusal } from './problems';

/** Payment product types that need order lines (items) on the session, capture and refund. */
export const ITEM_BASED_TYPES: ReadonlySet<string> = new Set(['sandbox.invoice', 'sandbox.installment']);

interface OrderLike {
  amount: number;
  items?: { line_id: string; amount: number }[];
  shipping_option?: { id?: string; line_id?: string; amount: number };
}

export type OrderRefusal = Refusal<'ORDER_AMOUNT_MISMATCH' | 'ITEMS_REQUIRED' | 'SHIPPING_OPTION_NOT_AVAILABLE'>;

/** order.amount must equal the items plus the shipping option (strict-session-amounts, and always on update). */
export const orderAmountMismatch = (order: OrderLike, path = 'order.amount'): OrderRefusal | undefined => {
  const expected = sumAmounts((order.items ?? []).map((i) => i.amount)) + (order.shipping_option?.amount ?? 0);
  if (!order.items?.length && !order.shipping_option) {
    return { code: 'ORDER_AMOUNT_MISMATCH', message: 'order.items are required to check order.amount', errors: [{ path: 'order.items', message: 'required' }] };
  }
  if (order.amount !== expected) {
    return {
      code: 'ORDER_AMOUNT_MISMATCH',
      message: `order.amount ${order.amount} does not equal the items plus shipping (${expected})`,
      errors: [{ path, message: `must equal ${expected}` }],
    };
  }
  return undefined;
};

/** Item-based payment types need order lines. */
export const missingItems = (order: OrderLike, methods: readonly { payment_product_type: string }[]): OrderRefusal | undefined => {
  const needy = methods.find((m) => ITEM_BASED_TYPES.has(m.payment_product_type));
  if (needy && !order.items?.length) {
    return { code: 'ITEMS_REQUIRED', message: `order.items are required when ${needy.payment_product_type} is enabled`, errors: [{ path: 'order.items', message: 'required' }] };
  }
  return undefined;
};

/** order.shipping_option must be one of express.shipping_options when both are set. */
export const shippingOptionNotOffered = (order: OrderLike, express: { shipping_options?: { id: string; line_id: string }[] } | undefined): OrderRefusal | undefined => {
  const options = express?.shipping_options;
  if (!order.shipping_option || !options) return undefined;
  const chosen = order.shipping_option;
  if (!options.some((o) => o.id === chosen.id && o.line_id === chosen.line_id)) {
    return {
      code: 'SHIPPING_OPTION_NOT_AVAILABLE',
      message: 'order.shipping_option must be one of express.shipping_options',
      errors: [{ path: 'order.shipping_option', message: 'not among express.shipping_options' }],
    };
  }
  return undefined;
};
