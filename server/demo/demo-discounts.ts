import { vatIncluded } from '../../domain/demo-catalog';
import type { DiscountLine, OrderItem, ShippingOption } from '../../domain/view-types';

/**
 * The demo store's discount codes (pure): SAVE10 takes 10 % off every item, FREESHIP makes shipping
 * free; both may be combined. Unknown codes are ignored (nothing applies: the page gets 204).
 */
export const DEMO_DISCOUNT_CODES = { SAVE10: '10 % off every item', FREESHIP: 'free shipping' } as const;
type Code = keyof typeof DEMO_DISCOUNT_CODES;

export const validDemoCodes = (codes: readonly unknown[]): Code[] => [
  ...new Set(
    codes
      .filter((c): c is string => typeof c === 'string')
      .map((c) => c.trim().toUpperCase())
      .filter((c): c is Code => c in DEMO_DISCOUNT_CODES),
  ),
];

const grossOf = (item: OrderItem): number => {
  if (typeof item.gross_amount === 'number') return item.gross_amount;
  const lines = Array.isArray(item.discount_lines) ? (item.discount_lines as DiscountLine[]) : [];
  return item.amount + lines.reduce((sum, l) => sum + (typeof l.amount === 'number' ? l.amount : 0), 0);
};

/** Every item re-priced from its amount before discounts (the answer lists every item, per the public API). */
export const discountItems = (items: readonly OrderItem[], codes: readonly Code[]): OrderItem[] =>
  items.map((item) => {
    const gross = grossOf(item);
    const discount = codes.includes('SAVE10') && gross > 0 ? Math.floor(gross / 10) : 0;
    const amount = gross - discount;
    const discount_lines: DiscountLine[] = discount
      ? [
          {
            amount: discount,
            percentage: 10,
            discount_type: 'external',
            discount_id: 'SAVE10',
            description: 'SAVE10: 10 % off',
            line_id: 1,
          },
        ]
      : [];
    return {
      ...item,
      amount,
      gross_amount: gross,
      vat_amount: vatIncluded(amount, typeof item.vat === 'number' ? item.vat : 25),
      discount_lines,
    };
  });

/** The order's new amount: the items plus the chosen shipping option at its new price (when it is still offered). */
export const orderAmount = (
  items: readonly OrderItem[],
  chosen: ShippingOption | undefined,
  offered: readonly ShippingOption[],
): number => {
  const still = chosen && offered.find((o) => o.id === chosen.id && o.line_id === chosen.line_id);
  return items.reduce((sum, i) => sum + i.amount, 0) + (still ? still.amount : 0);
};
