import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import {
  AccountId,
  addressableId,
  Currency,
  IsoDateTime,
  JsonObject,
  manyParam,
  Metadata,
  Quantity,
  SafeString,
  SafeText,
} from '../shared/schemas';

/** The account API's shopping drafts and orders (issue 11): /v1/accounts/{aid}/shopping. */
const Text = SafeString.max(255);
/** The most items an order (or draft) has, and discount lines an item has: order-amounts.ts's sums stay exact. */
export const MAX_ORDER_ITEMS = 1000;
export const MAX_ITEM_DISCOUNT_LINES = 50;
/** An item amount in minor units; negative for a reversal item. */
const ItemAmount = z
  .number({ error: 'must be a number' })
  .int('must be an integer number of minor units')
  .min(-INT32_MAX)
  .max(INT32_MAX);

const DiscountLine = z.looseObject({
  amount: z.number().int().min(0).max(INT32_MAX),
  discount_id: Text.optional(),
  line_id: z.number().int().optional(),
  description: SafeText.max(500).optional(),
});

export const OrderItem = z.looseObject({
  line_id: Text.min(1, 'must not be empty'),
  id: Text.optional(),
  description: SafeText.max(500).optional(),
  quantity: Quantity.optional(),
  gross_amount: ItemAmount,
  net_amount: ItemAmount.optional(),
  tax_lines: z
    .array(z.looseObject({ amount: ItemAmount.optional(), percentage: z.number().min(0).max(100).optional() }))
    .max(20)
    .optional(),
  discount_lines: z.array(DiscountLine).max(MAX_ITEM_DISCOUNT_LINES).optional(),
  status: Text.optional(),
  external_id: Text.optional(),
  related_item: Text.optional(),
  metadata: Metadata.optional(),
});
export type OrderItemInput = z.infer<typeof OrderItem>;

const Address = z.looseObject({
  first_name: Text.optional(),
  last_name: Text.optional(),
  address_line: Text.optional(),
  postal_code: SafeString.max(32).optional(),
  postal_place: Text.optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
    .optional(),
  comment: SafeText.max(1000).optional(),
});
const ExternalId = z.looseObject({
  id: Text.min(1),
  source: Text.optional(),
  description: SafeText.max(500).optional(),
});

/** The spec's updatable fields (PUT /orders/{order_id}); drafts take them too. */
const updatable = {
  customer: JsonObject.optional(),
  shipping_address: Address.optional(),
  billing_address: Address.optional(),
  metadata: Metadata.optional(),
  comment: SafeText.max(255).optional(),
  salesperson_id: Text.optional(),
  salesperson_name: Text.optional(),
  delivery_at: IsoDateTime.optional(),
  pickup_at: IsoDateTime.optional(),
  courier_id: Text.optional(),
  pre_order: z.boolean().optional(),
  time_to_live: z.number().int().min(86400, 'must be at least 86400 seconds').max(INT32_MAX).optional(),
  itinerary: z.array(JsonObject).max(100).optional(),
  external_ids: z.array(ExternalId).max(100).optional(),
};

/** An order's items name each line_id at most once (POST .../items refuses a line_id the draft has, too). */
const uniqueLineIds = (items: readonly { line_id: string }[], ctx: z.RefinementCtx): void => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.line_id))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'line_id'],
        message: `line_id ${item.line_id} is used by an earlier item`,
      });
    seen.add(item.line_id);
  });
};

export const CreateDraftBody = z.strictObject({
  currency: Currency,
  order_id: addressableId(SafeString.min(1, 'must not be empty').max(255)).optional(),
  type: Text.optional(),
  ...updatable,
  items: z.array(OrderItem).max(MAX_ORDER_ITEMS).superRefine(uniqueLineIds).optional(),
});
export type CreateDraftInput = z.infer<typeof CreateDraftBody>;

export const UpdateOrderBody = z.strictObject({
  ...updatable,
  items: z
    .array(OrderItem)
    .min(1, 'must have at least 1 item')
    .max(MAX_ORDER_ITEMS)
    .superRefine(uniqueLineIds)
    .optional(),
  /** The version this update was made from; a different stored version refuses it (409). Same as If-Match. */
  version: z.number().int().min(1).optional(),
});
export type UpdateOrderInput = z.infer<typeof UpdateOrderBody>;

export const StatusEventBody = z.strictObject({
  state: z.enum(['error', 'failure', 'success', 'pending']).default('success'),
  service: Text.min(1),
  service_status: Text.min(1),
  description: SafeText.max(1000).optional(),
  metadata: Metadata.optional(),
});
export type StatusEventInput = z.infer<typeof StatusEventBody>;

export const CloseOrderBody = z.strictObject({
  closed_by: SafeString.min(1).max(40, 'must be at most 40 characters').optional(),
});
export type CloseOrderInput = z.infer<typeof CloseOrderBody>;
export const CancelOrderBody = z.strictObject({
  cancelled_reason: z.enum(['customer', 'declined', 'other']),
  cancelled_by: SafeString.min(1).max(40, 'must be at most 40 characters').optional(),
});
export type CancelOrderInput = z.infer<typeof CancelOrderBody>;

/** What `shopping_orders.data` holds: currency, items and the updatable fields, as given. */
export type OrderData = Omit<CreateDraftInput, 'order_id'> & {
  closed_at?: string;
  closed_by?: string;
  cancelled_at?: string;
  cancelled_by?: string;
  cancelled_reason?: string;
};

export const ApiEventSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  version: z.number(),
  draft_id: z.string().optional(),
  request: z.object({ path: z.string(), method: z.string(), body: z.unknown() }),
});
export const StatusEventSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  version: z.number(),
  state: z.enum(['error', 'failure', 'success', 'pending']),
  service: z.string(),
  service_status: z.string(),
  description: z.string().optional(),
  metadata: JsonObject.optional(),
  request: z.object({ path: z.string(), method: z.string(), body: z.unknown() }),
});
export type OrderEvent = z.infer<typeof ApiEventSchema> | z.infer<typeof StatusEventSchema>;

const PaymentDetails = z.object({
  remaining_authorization_amount: z.number(),
  remaining_capture_amount: z.number(),
  remaining_refund_amount: z.number(),
  remaining_cancellation_amount: z.number(),
  amount_due: z.number(),
});

export const OrderSchema = z.looseObject({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  currency: z.string().optional(),
  status: z.enum(['open', 'closed', 'cancelled']),
  payment_status: z.enum(['pending', 'partially_paid', 'paid', 'partially_refunded', 'refunded']),
  items: z.array(OrderItem).optional(),
  gross_amount: z.number().optional(),
  net_amount: z.number().optional(),
  total_discount: z.number().optional(),
  total_manual_discount_amount: z.number().optional(),
  time_to_live_expires_at: z.string().optional(),
  payment_details: PaymentDetails.optional(),
  version: z.number(),
  events: z.array(z.union([StatusEventSchema, ApiEventSchema])),
  state: z.enum(['failure', 'pending', 'success']),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  emptied_at: z.string().optional(),
});
export type OrderView = z.infer<typeof OrderSchema>;

export const DraftSchema = z.looseObject({
  id: z.string(),
  currency: z.string(),
  items: z.array(OrderItem),
  gross_amount: z.number(),
  net_amount: z.number(),
  total_discount: z.number(),
  version: z.number(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type DraftView = z.infer<typeof DraftSchema>;

export const EVENT_FILTERS = ['false', 'true', 'api-event', 'service-event'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
const IncludeEvents = manyParam(z.enum(EVENT_FILTERS));
export const IncludeEventsQuery = z.object({ include_events: IncludeEvents });

export const ListOrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: SafeString.min(1).max(255).optional(),
  include_events: IncludeEvents,
});
export type ListOrdersInput = z.infer<typeof ListOrdersQuery>;

export const ShoppingParams = z.object({ aid: AccountId });
export const DraftParams = ShoppingParams.extend({ draft_id: SafeString.min(1).max(255) });
export const OrderParams = ShoppingParams.extend({ order_id: addressableId(SafeString.min(1).max(255)) });
/** `If-Match: 3`, `"3"` or `W/"3"`: the order version (update-order.ts reads it with this pattern). */
export const IF_MATCH_VERSION = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/;
export const IfMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .max(100)
    .meta({ pattern: IF_MATCH_VERSION.source, description: 'The order version this update was made from, e.g. `3`' })
    .optional(),
});

export type { Page } from '../shared/paging';
