import { z } from 'zod';
import {
  JsonObject,
  MinorUnitsAmount,
  PositiveMinorUnitsAmount,
  Quantity,
  ResourceId,
  SafeString,
  SafeText,
} from '../../shared/schemas';
import { TRANSACTION_STATUSES } from '../../../domain/transaction-state';

export const TransactionIdParams = z.object({ id: ResourceId });

export const TransactionEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  success: z.boolean(),
  amount: z.number().int().optional(),
  items: z.array(JsonObject).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  created_at: z.string(),
  created_by: z.string(),
  request_id: z.string().optional(),
  request_headers: z.record(z.string(), z.string()).optional(),
  initiate_request_id: z.string().optional(),
  metadata: JsonObject.optional(),
});

export const CardSchema = z.object({
  brand: z.string(),
  masked_pan: z.string(),
  expiry_date: z.string(),
  type: z.string(),
  payment_token: z.string().optional(),
  recurrence_token: z.string().optional(),
});

export const TransactionSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  merchant_reference: z.string(),
  merchant_reference_2: z.string().optional(),
  payment_product: z.string(),
  payment_product_type: z.string(),
  card: CardSchema.optional(),
  payment_operation: z.string().optional(),
  channel: z.string().optional(),
  platform_type: z.enum(['aggregator', 'marketplace']).optional(),
  items: z.array(JsonObject).optional(),
  shipping_option: JsonObject.optional(),
  /** The parts of `amount` paid by gift cards; the card (or other method) paid `card_amount`. */
  gift_cards: z
    .array(
      z.object({
        type: z.literal('kassa.wallets'),
        card_id: z.string(),
        masked_card_token: z.string(),
        amount: z.number().int(),
      }),
    )
    .optional(),
  card_amount: z.number().int().optional(),
  shipping_address: JsonObject.optional(),
  billing_address: JsonObject.optional(),
  customer: JsonObject.optional(),
  metadata: JsonObject.optional(),
  url: JsonObject.optional(),
  events: z.array(TransactionEventSchema),
  session: JsonObject.optional(),
  initiating_system_request_headers: z.record(z.string(), z.string()).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TransactionView = z.infer<typeof TransactionSchema>;

const StringMetadata = z.record(z.string(), z.string());

/** A line of a capture, refund or authorization update; 0 is a valid amount (a free shipping line). */
const OperationItem = z.looseObject({
  line_id: SafeString.min(1).max(255),
  amount: MinorUnitsAmount,
  quantity: Quantity.optional(),
});
const uniqueItems = (body: { items?: { line_id: string }[] }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const [i, item] of (body.items ?? []).entries()) {
    if (seen.has(item.line_id))
      ctx.addIssue({ code: 'custom', path: ['items', i, 'line_id'], message: 'line_id must be unique' });
    seen.add(item.line_id);
  }
};

export const CaptureBody = z
  .strictObject({
    amount: PositiveMinorUnitsAmount,
    capture_reference: SafeString.min(1).max(255).optional(),
    items: z.array(OperationItem).max(1000).optional(),
    final_capture: z.boolean().optional(),
    metadata: StringMetadata.optional(),
  })
  .superRefine(uniqueItems);
export type CaptureInput = z.infer<typeof CaptureBody>;

export const RefundBody = z
  .strictObject({
    amount: PositiveMinorUnitsAmount,
    reason: SafeText.max(1000).optional(),
    refund_reference: SafeString.min(1).max(255).optional(),
    items: z.array(OperationItem).max(1000).optional(),
    metadata: StringMetadata.optional(),
  })
  .superRefine(uniqueItems);
export type RefundInput = z.infer<typeof RefundBody>;

/** Void takes no body, `{}`, or `{"id": ...}` (some clients echo the transaction id). */
export const VoidBody = z.strictObject({ id: SafeString.max(255).optional() });
export type VoidInput = z.infer<typeof VoidBody>;

export const AuthorizationBody = z
  .strictObject({
    reason: SafeText.max(1000).optional(),
    reference: SafeString.max(255).optional(),
    amount: PositiveMinorUnitsAmount.optional(),
    final_authorization: z.boolean().optional(),
    items: z.array(OperationItem).max(1000).optional(),
    description: SafeText.max(1000).optional(),
  })
  .superRefine(uniqueItems);
export type AuthorizationInput = z.infer<typeof AuthorizationBody>;

export const UpdateTransactionBody = z.strictObject({ merchant_reference_2: SafeString.min(1).max(255) });
