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
import { Address, Customer, OrderItem, SessionUrl, ShippingOption, Store } from '../../shared/order-shapes';
import { RequestHeadersRead } from '../../shared/request-headers';
import { SETTLEMENT_STATUSES } from './settlement-status';
import { EVENT_ERROR_TYPES, RETRY_CODES } from '../store/event-error';

export const TransactionIdParams = z.object({ id: ResourceId });

/** The transaction's metadata: the session's, and the account's merchant facts and the profile it was made from. */
const TransactionMetadataRead = z.looseObject({
  merchant_country: z.string().optional().describe("The account's merchant country (ISO 3166-1 alpha-2)"),
  merchant_category_code: z.string().optional().describe("The account's merchant category code (MCC)"),
  'session:profile_id': z.string().optional().describe('The profile the session was made from'),
});

export const TransactionEventSchema = z
  .object({
    id: z.string(),
    event: z.string(),
    success: z.boolean(),
    amount: z.number().int().optional(),
    items: z.array(JsonObject).optional(),
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        error_code: z.string().describe('The same as `code`'),
        type: z.array(z.enum(EVENT_ERROR_TYPES)).describe('The kinds of failure'),
        retry_policy: z.object({
          retry_codes: z.array(z.enum(RETRY_CODES)),
          retry_after: z.string().optional().describe('ISO 8601; only with RETRY_AFTER_DELAY, when known'),
        }),
      })
      .optional()
      .describe('Only when `success` is false'),
    retry_policy: z
      .looseObject({ retryable: z.boolean() })
      .optional()
      .describe('A failed event: whether the operation may be tried again'),
    created_at: z.string(),
    created_by: z.string(),
    request_id: z.string().optional(),
    request_headers: RequestHeadersRead.optional(),
    initiate_request_id: z.string().optional(),
    correlation_request_id: z
      .string()
      .optional()
      .describe('The same as `initiate_request_id`: the `event-request-id` of the 202 this event completes'),
    transaction_status: z
      .enum(TRANSACTION_STATUSES)
      .optional()
      .describe("The transaction's status after this event (absent on events recorded before Kassa kept it)"),
    event_reference: z
      .string()
      .optional()
      .describe(
        "A capture's or refund's reference (capture_reference / refund_reference; order.event_reference for the auto capture)",
      ),
    metadata: JsonObject.optional(),
    event_request_id: z
      .string()
      .optional()
      .describe(
        'An INITIATE_* event: the `event-request-id` of its 202; the event completing it carries it as `initiate_request_id`',
      ),
    provider_outcome: z
      .enum(['unknown'])
      .optional()
      .describe(
        'An INITIATE_* event of an operation whose provider did not answer in time: it may have done it, so the amount stays reserved until the provider says what it did (then an event with `initiate_request_id` settles it, or a failed one with OPERATION_FAILED releases it). Absent when the provider accepted it for later',
      ),
    message: z.string().optional().describe('With `provider_outcome`: what it means, in words'),
    provider_reference: z
      .string()
      .optional()
      .describe(
        "A successful AUTHORIZE event: the payment's own reference at its provider (e.g. the acquirer's payment id)",
      ),
  })
  .meta({ id: 'TransactionEvent' });

export const CardSchema = z
  .object({
    brand: z.string(),
    masked_pan: z.string(),
    expiry_date: z.string(),
    type: z.string(),
    country: z
      .string()
      .optional()
      .describe('The issuing country, ISO 3166-1 alpha-3 (e.g. NOR), when the acquirer knows it'),
    issuing_bank: z.string().optional(),
    product_platform: z.enum(['consumer', 'commercial']).optional(),
    region: z
      .enum(['domestic', 'eea', 'eea-uk', 'europe', 'inter'])
      .optional()
      .describe("Where the issuer is, seen from the merchant's country"),
    payment_token: z.string().optional(),
    payment_token_id: z.string().optional().describe('The id of the payment token this payment made (never the token)'),
    recurrence_token: z.string().optional(),
    recurrence_token_id: z.string().optional().describe('The id of the recurrence token this payment made'),
    card_holder_tokenization_consent: z
      .enum(['opt_in', 'opt_out'])
      .optional()
      .describe('opt_in when the customer saved the card (a token was made), else opt_out'),
  })
  .meta({ id: 'Card' });

export const TransactionSchema = z
  .object({
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
    payout_destination_id: z
      .string()
      .optional()
      .describe('The seller: `order.payout_destination_id` or `order.store.payout_destination_id`'),
    settlement_status: z
      .enum(SETTLEMENT_STATUSES)
      .optional()
      .describe('NOT_SETTLED once something was captured (Kassa pays nothing out); absent before'),
    store: Store.optional().describe("The order's store (`order.store`)"),
    dynamic_descriptor: z
      .string()
      .optional()
      .describe('`configuration.dynamic_descriptor` of the session or its profile'),
    customer_ip: z
      .string()
      .optional()
      .describe('The address the customer paid from (not on merchant-initiated payments)'),
    user_agent: z.string().optional().describe("The customer's browser when they paid"),
    channel: z.string().optional(),
    platform_type: z.enum(['aggregator', 'marketplace']).optional(),
    items: z.array(OrderItem).optional(),
    shipping_option: ShippingOption.optional(),
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
    shipping_address: Address.optional(),
    billing_address: Address.optional(),
    customer: Customer.optional(),
    metadata: TransactionMetadataRead.optional(),
    url: SessionUrl.partial().optional(),
    events: z.array(TransactionEventSchema),
    session: JsonObject.optional(),
    initiating_system_request_headers: RequestHeadersRead.optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Transaction' });
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
