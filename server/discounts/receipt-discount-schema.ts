import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import { Int32Amount, IsoDateTime, JsonObject, SafeString } from '../shared/schemas';
import { closedObject } from './closed-object';
import { FreeText, LineId, Text } from './receipt-lines-schemas';

/**
 * A discount in `receipt.discounts` (spec "Discount (inside discounts)"): a rule as the rules API returns it, with
 * the refs available_for_receipt wrote for it. The engine reads only `id` (it drops the entries of the rules it
 * evaluates and keeps the others); requirement, reward and limitation are the rule's own shapes, validated where a
 * rule is written, and here only objects.
 */
const Count = z.number().int().min(0).max(INT32_MAX);

const Ref = closedObject({
  id: Text.optional(),
  stamp: Count.optional(),
  amount: Int32Amount.optional(),
  bonus: Int32Amount.optional(),
  usage: Count.optional(),
  statistics: closedObject({
    amount: Int32Amount.optional(),
    bonus: Int32Amount.optional(),
    debit_balance: Int32Amount.optional(),
    stamp: Count.optional(),
    usage: Count.optional(),
  }).optional(),
  items: z
    .array(closedObject({ line_id: LineId.optional(), bonus: Int32Amount.optional(), amount: Int32Amount.optional() }))
    .max(1000)
    .optional(),
});

export const ReceiptDiscount = closedObject({
  id: Text.min(1),
  campaign_id: Text.optional(),
  active: z.boolean().optional(),
  private: z.boolean().optional(),
  type: z.enum(['item', 'receipt']).optional(),
  name: Text.optional(),
  receipt_text: Text.optional(),
  description: FreeText.optional(),
  visible_from: IsoDateTime.optional(),
  requirement: JsonObject.optional(),
  reward: JsonObject.optional(),
  limitation: JsonObject.optional(),
  metadata: JsonObject.optional(),
  links: z
    .array(closedObject({ href: SafeString.min(1).max(2048), rel: Text.optional(), type: Text.optional() }))
    .max(20)
    .optional(),
  refs: z.array(Ref).max(100).optional(),
  created_at: IsoDateTime.optional(),
  created_by: Text.optional(),
  updated_at: IsoDateTime.optional(),
  updated_by: Text.optional(),
  deleted_at: IsoDateTime.optional(),
  deleted_by: Text.optional(),
});
