/**
 * The engine's view of a receipt's items: one entry per item with its line_id, units and the amounts the rules
 * work on, sorted by line_id so that the input order of the items never matters.
 */
import type { ReceiptItem } from './types';

export interface Line {
  line_id: number;
  item: ReceiptItem;
  gross: number;
  /** Units a quantity rule counts: the quantity when it is a positive whole number, else 1 (scale items). */
  units: number;
  /** Discounts already on the item that the engine did not make (manual discounts). */
  existing: number;
  /** Never discounted: not eligible, voided, a return, or no positive gross amount. */
  excluded: boolean;
}

export const engineDiscountType = 'customer';

export const lineIdOf = (item: ReceiptItem, index: number): number =>
  typeof item.line_id === 'number' ? item.line_id : index + 1;

export const toLines = (items: readonly ReceiptItem[]): Line[] =>
  items
    .map((item, index) => {
      const gross = Math.trunc(item.gross_amount ?? 0);
      const q = item.quantity ?? 1;
      const existing = (item.discount_lines ?? []).reduce((a, l) => a + Math.trunc(l.amount ?? 0), 0);
      const excluded =
        item.eligible_for_discount === false || item.voided === true || item.is_return_item === true || gross <= 0;
      return {
        line_id: lineIdOf(item, index),
        item,
        gross,
        units: Number.isInteger(q) && q > 0 ? q : 1,
        existing,
        excluded,
      };
    })
    .sort((a, b) => a.line_id - b.line_id);
