import { z } from 'zod';
import { HttpUrl, Int32Amount, Quantity, SafeString, SafeText } from './schemas';

/**
 * The order's shapes a session takes and a transaction keeps (items, addresses, the shipping option, the store, the
 * customer, the URLs): one definition for both, so the two reads declare the same fields.
 */
export const DiscountLine = z
  .looseObject({
    amount: Int32Amount.optional(),
    percentage: z.number().min(0).max(100).optional(),
    discount_type: z.string().optional(),
    discount_id: z.string().optional(),
    description: z.string().optional(),
    line_id: z.number().int().optional(),
  })
  .meta({ id: 'DiscountLine' });

/**
 * What a session's order may hold, so the view anyone with the session id reads stays small (issue 37 item 10):
 * several hundred lines of product names are far more than a real basket.
 */
export const SESSION_ORDER_LIMITS = { items: 500, descriptionLength: 500 } as const;

/** Nested objects keep fields we do not model (loose), so nothing a merchant sends is lost. */
export const OrderItem = z
  .looseObject({
    id: SafeString.max(255).optional(),
    line_id: SafeString.min(1).max(255),
    description: SafeText.max(SESSION_ORDER_LIMITS.descriptionLength).optional(),
    quantity: Quantity.optional(),
    amount: Int32Amount,
    vat_amount: Int32Amount.optional(),
    vat: z.number().min(0).max(100).optional(),
    gross_amount: Int32Amount.optional(),
    thumbnail_url: z.string().optional(),
    /** The line's discounts: its `amount` is its `gross_amount` less these. */
    discount_lines: z.array(DiscountLine).max(100).optional(),
  })
  .meta({ id: 'OrderItem' });

export const Address = z
  .looseObject({
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    address_line: z.string().optional(),
    address_line_2: z.string().optional(),
    postal_code: z.string().optional(),
    postal_place: z.string().optional(),
    country: z.string().optional(),
    phone_number: z.string().optional(),
    email: z.string().optional(),
    business_name: z.string().optional(),
  })
  .meta({ id: 'Address' });

const OpeningHours = z.looseObject({
  open_now: z.boolean().optional(),
  timezone: z.string().optional(),
  periods: z
    .array(
      z.object({
        opens_at: z.string().optional(),
        closes_at: z.string().optional(),
        day_of_week: z.number().int().min(1).max(7).optional(),
      }),
    )
    .optional(),
});

const PickUpAddress = Address.extend({
  distance: z.number().optional(),
  website_url: z.string().optional(),
  opening_hours: OpeningHours.optional(),
});

const DayOfWeek = z.number().int().min(1).max(7);

export const ShippingOption = z
  .looseObject({
    id: SafeString.max(255),
    line_id: SafeString.max(255),
    amount: Int32Amount,
    title: z.string().optional(),
    operator: z.string().optional(),
    description: z.string().optional(),
    vat_amount: Int32Amount.optional(),
    vat: z.number().optional(),
    delivery_method: z.enum(['delivery', 'pick_up', 'unspecified', 'none']).optional(),
    eta: z
      .object({
        starts_at: z.string().optional(),
        ends_at: z.string().optional(),
        working_days: z.array(z.number().int()).optional(),
        shipping_day_of_week: DayOfWeek.optional(),
        arrival_day_of_week: DayOfWeek.optional(),
      })
      .optional(),
    time_slot: z.object({ starts_at: z.string().optional(), ends_at: z.string().optional() }).optional(),
    pick_up_address: PickUpAddress.optional(),
    pay_in_store: z.object({ type: z.literal('full') }).optional(),
    thumbnail_url: z.string().optional(),
  })
  .meta({ id: 'ShippingOption' });

export const AppliedGiftCard = z
  .object({
    type: z.literal('kassa.wallets'),
    card_id: z.string(),
    masked_card_token: z.string(),
    amount: Int32Amount,
  })
  .meta({ id: 'AppliedGiftCard' });

export const PayoutDestinationId = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

/** The sales location (`order.store`): the transaction keeps it; `payout_destination_id` is its payout's. */
export const Store = z
  .looseObject({
    id: SafeString.max(255).optional(),
    name: SafeString.max(255).optional(),
    terminal_id: SafeString.max(255).optional(),
    payout_destination_id: PayoutDestinationId.optional(),
  })
  .meta({ id: 'Store' });

export const SessionUrl = z.looseObject({
  return_url: HttpUrl,
  callback_url: HttpUrl.optional(),
  merchant_terms_url: HttpUrl.optional(),
});

export const Customer = z
  .looseObject({
    customer_id: z.string().optional(),
    email: z.string().optional(),
    phone_number: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  })
  .meta({ id: 'Customer' });
