import { INT32_MAX, sumMinor } from './money';
import type { Refusal } from './problems';

interface DiscountLineLike {
  amount?: number;
}

interface ItemLike {
  line_id: string;
  amount: number;
  gross_amount?: number;
  discount_lines?: readonly DiscountLineLike[];
}

interface OrderLike {
  amount: number;
  items?: readonly ItemLike[];
  shipping_option?: { id?: string; line_id?: string; amount: number };
  discount_lines?: readonly DiscountLineLike[];
}

export type OrderRefusal = Refusal<
  'ORDER_AMOUNT_MISMATCH' | 'ITEMS_REQUIRED' | 'SHIPPING_OPTION_NOT_AVAILABLE' | 'CURRENCY_MISMATCH'
>;

const discounted = (lines: readonly DiscountLineLike[] | undefined): number =>
  sumMinor((lines ?? []).map((d) => d.amount ?? 0));

/** The items plus the shipping option, before order-level discount lines. */
const grossTotal = (order: Omit<OrderLike, 'amount'>): number =>
  sumMinor((order.items ?? []).map((i) => i.amount)) + (order.shipping_option?.amount ?? 0);

/** What order.amount must be: the items plus the shipping option, less the order-level discount lines (ADR 015). */
export const orderTotal = (order: Omit<OrderLike, 'amount'>): number =>
  grossTotal(order) - discounted(order.discount_lines);

/**
 * order.amount must equal the items plus the shipping option less the order-level discount lines,
 * and the items plus shipping must fit int32 (strict-session-amounts, always on update, and every
 * express callback answer that re-prices the order).
 */
export const orderAmountMismatch = (order: OrderLike, path = 'order.amount'): OrderRefusal | undefined => {
  if (!order.items?.length && !order.shipping_option) {
    return {
      code: 'ORDER_AMOUNT_MISMATCH',
      message: 'order.items are required to check order.amount',
      errors: [{ path: 'order.items', message: 'required' }],
    };
  }
  const gross = grossTotal(order);
  if (gross > INT32_MAX) {
    return {
      code: 'ORDER_AMOUNT_MISMATCH',
      message: `the items plus shipping (${gross}) are more than ${INT32_MAX}`,
      errors: [{ path: 'order.items', message: `must add up to at most ${INT32_MAX} with the shipping option` }],
    };
  }
  const expected = orderTotal(order);
  if (order.amount !== expected) {
    const of = order.discount_lines?.length
      ? 'the items plus shipping less the order discount lines'
      : 'the items plus shipping';
    return {
      code: 'ORDER_AMOUNT_MISMATCH',
      message: `order.amount ${order.amount} does not equal ${of} (${expected})`,
      errors: [{ path, message: `must equal ${expected}` }],
    };
  }
  return undefined;
};

/** An item with a gross_amount costs its gross_amount less its own discount_lines (none: the gross_amount). */
export const itemAmountsContradict = (items: readonly ItemLike[], path = 'order.items'): OrderRefusal | undefined => {
  for (const [i, item] of items.entries()) {
    if (item.gross_amount === undefined) continue;
    const expected = item.gross_amount - discounted(item.discount_lines);
    if (item.amount !== expected) {
      return {
        code: 'ORDER_AMOUNT_MISMATCH',
        message: `item ${item.line_id}: amount ${item.amount} does not equal its gross_amount less its discount_lines (${expected})`,
        errors: [{ path: `${path}.${i}.amount`, message: `must equal ${expected}` }],
      };
    }
  }
  return undefined;
};

/** The order keeps the session's currency. */
export const currencyMismatch = (
  currency: string,
  sessionCurrency: string,
  path = 'order.currency',
): OrderRefusal | undefined =>
  currency === sessionCurrency
    ? undefined
    : {
        code: 'CURRENCY_MISMATCH',
        message: `order.currency must stay ${sessionCurrency}`,
        errors: [{ path, message: `must be ${sessionCurrency}` }],
      };

/** Item-based payment types (`itemBased`: what their product says) need order lines on the session, capture and refund. */
export const missingItems = (
  order: OrderLike,
  methods: readonly { payment_product_type: string }[],
  itemBased: (type: string) => boolean,
): OrderRefusal | undefined => {
  const needy = methods.find((m) => itemBased(m.payment_product_type));
  if (needy && !order.items?.length) {
    return {
      code: 'ITEMS_REQUIRED',
      message: `order.items are required when ${needy.payment_product_type} is enabled`,
      errors: [{ path: 'order.items', message: 'required' }],
    };
  }
  return undefined;
};

/** order.shipping_option must be one of express.shipping_options when both are set. */
export const shippingOptionNotOffered = (
  order: OrderLike,
  express: { shipping_options?: { id: string; line_id: string }[] } | undefined,
): OrderRefusal | undefined => {
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

interface VatOrderLike extends OrderLike {
  vat_amount?: number;
  items?: readonly (ItemLike & { vat_amount?: number })[];
  shipping_option?: { id?: string; line_id?: string; amount: number; vat_amount?: number };
}

/**
 * The order's VAT as its lines state it: the items' `vat_amount` plus the shipping option's; undefined when a
 * line does not state its VAT, or order-level discount lines (which carry no VAT) lower the amount.
 */
export const linesVat = (order: Omit<VatOrderLike, 'amount'>): number | undefined => {
  if (order.discount_lines?.some((d) => (d.amount ?? 0) !== 0)) return undefined;
  const lines: { vat_amount?: number }[] = [
    ...(order.items ?? []),
    ...(order.shipping_option ? [order.shipping_option] : []),
  ];
  if (lines.length === 0 || lines.some((l) => l.vat_amount === undefined)) return undefined;
  return sumMinor(lines.map((l) => l.vat_amount!));
};

/** A stated order.vat_amount that its lines contradict (every line states its VAT, and they add up to another sum). */
export const vatContradictsLines = (order: VatOrderLike, path = 'order.vat_amount'): OrderRefusal | undefined => {
  const fromLines = linesVat(order);
  if (order.vat_amount === undefined || fromLines === undefined || order.vat_amount === fromLines) return undefined;
  return {
    code: 'ORDER_AMOUNT_MISMATCH',
    message: `order.vat_amount ${order.vat_amount} does not equal the VAT of its items and shipping option (${fromLines})`,
    errors: [{ path, message: `must equal ${fromLines}` }],
  };
};

/**
 * The order after Kassa re-priced it (a shipping option chosen, an express answer without `vat_amount`): its VAT is
 * what its lines state; when they do not, the VAT it had stays only with `keepUnstated` (nothing it covers changed),
 * else it is dropped: never shown stale.
 */
export const withLinesVat = <O extends VatOrderLike>(order: O, keepUnstated: boolean): O => {
  const vat = linesVat(order);
  const { vat_amount: _stale, ...rest } = order;
  if (vat !== undefined) return { ...rest, vat_amount: vat } as O;
  return keepUnstated ? order : (rest as O);
};
