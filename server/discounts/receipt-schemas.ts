import { z } from 'zod';
import { IsoDateTime, JsonObject } from '../shared/schemas';
import { closedObject } from './closed-object';
import { ReceiptDiscount } from './receipt-discount-schema';
import { ReceiptItem } from './receipt-item-schema';
import {
  Dwh,
  ExtraInfo,
  FreeText,
  InfoCodeItem,
  MAX_DISCOUNT_LINES,
  PaymentItem,
  SignedAmount,
  TaxItem,
  Text,
} from './receipt-lines-schemas';
import { Customer, Delivery, Store } from './receipt-party-schemas';

/**
 * The receipt of POST /v1/accounts/{aid}/discounts/available_for_receipt (issue 27 item 9): every field the spec's
 * "Receipt" names, each validated, and no other (an unknown field is 400 at its path, closed-object.ts). Fields the
 * engine does not read are returned as posted; the totals are recomputed (docs/discounts.md).
 */
export const ENTRY_STATUSES = [
  'None',
  'Voided',
  'Posted',
  'Concluded',
  'Cancelled',
  'OnHold',
  'Training',
  'Reprinted',
] as const;

export const ReceiptObject = closedObject({
  receipt_id: Text.min(1),
  purchase_at: IsoDateTime,
  store: Store,
  items: z.array(ReceiptItem).max(1000).optional(),
  discounts: z.array(ReceiptDiscount).max(MAX_DISCOUNT_LINES).optional(),
  delivery: Delivery.optional(),
  customer_id: Text.min(1).optional(),
  customer: Customer.optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 code')
    .optional(),
  gross_amount: SignedAmount.optional(),
  gross_amount_dwh: Dwh.optional(),
  net_amount: SignedAmount.optional(),
  net_amount_dwh: Dwh.optional(),
  total_discount: SignedAmount.optional(),
  total_manual_discount_amount: SignedAmount.optional(),
  total_manual_percentage_discount: SignedAmount.optional(),
  round_off_to_coin: SignedAmount.optional(),
  amount_due: SignedAmount.optional(),
  amount_due_dwh: Dwh.optional(),
  no_of_items: z.number().min(-1_000_000_000).max(1_000_000_000).optional(),
  order_number: Text.optional(),
  transaction_id: Text.optional(),
  transaction_date: IsoDateTime.optional(),
  operator_id: Text.optional(),
  operator_name: Text.optional(),
  salesperson_id: Text.optional(),
  salesperson_name: Text.optional(),
  comment: FreeText.optional(),
  receipt_text: FreeText.optional(),
  is_changed: z.boolean().optional(),
  entry_status: z.enum(ENTRY_STATUSES).optional(),
  tax_lines: z.array(TaxItem).max(50).optional(),
  payments: z.array(PaymentItem).max(100).optional(),
  infocode_items: z.array(InfoCodeItem).max(100).optional(),
  discount_code: z.array(Text.min(1)).max(50).optional(),
  extra_info: z.array(ExtraInfo).max(100).optional(),
  // read-only in the spec (a receipt the receipts API returned): accepted, validated, ignored
  id: Text.optional(),
  created_at: IsoDateTime.optional(),
  created_by: Text.optional(),
  updated_at: IsoDateTime.optional(),
  deleted_at: IsoDateTime.optional(),
  deleted_by: Text.optional(),
});

export const ReceiptBody = ReceiptObject.superRefine((r, ctx) => {
  const first = new Map<number, number>();
  (r.items ?? []).forEach((item, n) => {
    const id = item.line_id ?? n + 1;
    if (first.has(id))
      ctx.addIssue({ code: 'custom', path: ['items', n, 'line_id'], message: `line_id ${id} is used twice` });
    else first.set(id, n);
  });
});
export type ReceiptInput = z.infer<typeof ReceiptBody>;

/**
 * The answer: the receipt as posted with `discounts`, the items' discount and bonus lines and every total written.
 * Not ReceiptObject: the totals are sums over the items and may pass int32 where the posted amounts did not.
 */
export const ReceiptSchema = JsonObject;
