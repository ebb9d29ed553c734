import { z } from 'zod';
import { Quantity } from '../shared/schemas';
import { closedObject } from './closed-object';
import {
  BonusItem,
  DiscountItem,
  Dwh,
  ExtraInfo,
  FreeText,
  InfoCodeItem,
  LineId,
  MAX_DISCOUNT_LINES,
  Percentage,
  SignedAmount,
  TaxItem,
  Text,
} from './receipt-lines-schemas';

/**
 * A receipt's item (spec "Receipt item fields"). The engine reads id, groups, barcode, line_id, quantity, the
 * amounts, voided, eligible_for_discount, is_return_item and the discount lines (docs/discounts.md §1); every other
 * field is validated and returned as posted.
 */
export const ReceiptItem = closedObject({
  id: Text.optional(),
  line_id: LineId.optional(),
  groups: z
    .array(closedObject({ id: Text, name: Text.optional() }))
    .max(50)
    .optional(),
  barcode: Text.optional(),
  serial_id: Text.optional(),
  quantity: Quantity.optional(),
  unit: Text.optional(),
  description: FreeText.optional(),
  description_alias: Text.optional(),
  dimension: closedObject({
    color: Text.optional(),
    size: Text.optional(),
    style: Text.optional(),
    config: Text.optional(),
    variant: Text.optional(),
  }).optional(),
  comment: FreeText.optional(),
  gross_amount: SignedAmount.optional(),
  gross_amount_dwh: Dwh.optional(),
  net_amount: SignedAmount.optional(),
  net_amount_dwh: Dwh.optional(),
  unit_gross_price: SignedAmount.optional(),
  tax_percent: Percentage.optional(),
  cost_price: SignedAmount.optional(),
  voided: z.boolean().optional(),
  scale_item: z.boolean().optional(),
  eligible_for_discount: z.boolean().optional(),
  included_in_total_discount: z.boolean().optional(),
  price_has_been_keyedIn: z.boolean().optional(),
  discount_has_been_keyedIn: z.boolean().optional(),
  is_return_item: z.boolean().optional(),
  is_linked_item: z.boolean().optional(),
  is_virtual_product: z.boolean().optional(),
  is_changed: z.boolean().optional(),
  salesperson_id: Text.optional(),
  salesperson_name: Text.optional(),
  infocode_lines: z.array(InfoCodeItem).max(100).optional(),
  tax_lines: z.array(TaxItem).max(50).optional(),
  discount_lines: z.array(DiscountItem).max(MAX_DISCOUNT_LINES).optional(),
  bonus_lines: z.array(BonusItem).max(MAX_DISCOUNT_LINES).optional(),
  extra_info: z.array(ExtraInfo).max(100).optional(),
});
