/**
 * What the hosted page and the API share: the view session (`GET /v1/view/{sid}/session`), the
 * answer to paying (`POST /v1/sessions/{sid}/pay`) and the 404 of a session that cannot be paid.
 * Plain types, so the page's bundle carries no schema library. The server's zod response schemas
 * (`server/sessions/session-schemas.ts`) are checked against them at compile time.
 */
import type { ErrorCode } from './error-codes';

export interface OrderItem {
  [key: string]: unknown;
  id?: string;
  line_id: string;
  description?: string;
  quantity?: number;
  amount: number;
  vat_amount?: number;
  vat?: number;
  gross_amount?: number;
  thumbnail_url?: string;
  discount_lines?: DiscountLine[];
}

export interface Address {
  [key: string]: unknown;
  first_name?: string;
  last_name?: string;
  address_line?: string;
  address_line_2?: string;
  postal_code?: string;
  postal_place?: string;
  country?: string;
  phone_number?: string;
  email?: string;
  business_name?: string;
}

export interface OpeningHours {
  [key: string]: unknown;
  open_now?: boolean;
  timezone?: string;
  periods?: { opens_at?: string; closes_at?: string; day_of_week?: number }[];
}

export interface PickUpAddress extends Address {
  distance?: number;
  website_url?: string;
  opening_hours?: OpeningHours;
}

export interface ShippingOption {
  [key: string]: unknown;
  id: string;
  line_id: string;
  amount: number;
  title?: string;
  operator?: string;
  description?: string;
  vat_amount?: number;
  vat?: number;
  delivery_method?: 'delivery' | 'pick_up' | 'unspecified' | 'none';
  eta?: {
    starts_at?: string;
    ends_at?: string;
    working_days?: number[];
    shipping_day_of_week?: number;
    arrival_day_of_week?: number;
  };
  time_slot?: { starts_at?: string; ends_at?: string };
  pick_up_address?: PickUpAddress;
  pay_in_store?: { type: 'full' };
  thumbnail_url?: string;
}

/** A discount line (public API shape; `line_id` is a number here). */
export interface DiscountLine {
  [key: string]: unknown;
  amount?: number;
  percentage?: number;
  discount_type?: string;
  discount_id?: string;
  description?: string;
  line_id?: number;
}

/**
 * The spec's name of gift cards: the type of a gift card applied to the order, and the payment type
 * that pays with the gift cards alone. The API accepts the `dintero.` spelling too.
 */
export const GIFT_CARDS_TYPE = 'kassa.wallets' as const;
export const GIFT_CARDS_TYPES = [GIFT_CARDS_TYPE, 'dintero.wallets'] as const;
/** How the page names a gift card to apply (PUT /v1/view/{id}/session/order/gift_cards): by its number and PIN, or by the id of one already applied. */
export const GIFT_CARD_BY_NUMBER = `${GIFT_CARDS_TYPE}.card_token` as const;
export const GIFT_CARD_BY_ID = `${GIFT_CARDS_TYPE}.card_id` as const;

/** A gift card applied to the order: `amount` is the part of `order.amount` it pays. */
export interface AppliedGiftCard {
  type: typeof GIFT_CARDS_TYPE;
  card_id: string;
  masked_card_token: string;
  amount: number;
}

/** The order as read back (amounts in minor units of `currency`); merchants' extra fields are kept. */
export interface ViewOrder {
  [key: string]: unknown;
  amount: number;
  currency: string;
  merchant_reference: string;
  merchant_reference_2?: string;
  vat_amount?: number;
  items?: OrderItem[];
  shipping_option?: ShippingOption;
  shipping_address?: Address;
  billing_address?: Address;
  partial_payment?: boolean | Record<string, unknown>;
  discount_codes?: string[];
  discount_lines?: DiscountLine[];
  gift_cards?: AppliedGiftCard[];
  store?: OrderStore;
  payout_destination_id?: string;
  event_reference?: string;
}

/** The sales location of an order. */
export interface OrderStore {
  [key: string]: unknown;
  id?: string;
  name?: string;
  terminal_id?: string;
  payout_destination_id?: string;
}

/**
 * Express options as the page sees them: never the callback URLs. `shipping_options` is the
 * current offer for the entered address (`[]`: the shop cannot ship there).
 */
export interface ViewExpress {
  shipping_options: ShippingOption[];
  shipping_mode: 'shipping_required' | 'shipping_not_required';
  /** The options depend on the address: the shop is asked after every address change. */
  shipping_address_callback: boolean;
  /** Present when the customer may enter discount codes. */
  discount_codes?: { max_count: number };
  customer_types: ('b2c' | 'b2b')[];
}

/** What the shopper pays with, which decides the form the page shows (`redirect`: a page of the provider's own). */
export const PAYMENT_KINDS = ['card', 'invoice', 'installment', 'wallet', 'redirect'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export interface PaymentMethod {
  payment_product_type: string;
  name: string;
}

/** The kind of each method a session offers, by its `payment_product_type`: the form the page shows for it. */
export type PaymentMethodKinds = Record<string, PaymentKind>;

/** A stored card as the page may show it ("Pay with saved card •••• 1111"). */
export interface SavedCard {
  payment_token_id: string;
  brand: string;
  masked_pan: string;
  expiry_date: string;
}

/** What the hosted page sees: no callback URL, no metadata, no tokens. */
export interface ViewSession {
  id: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  version: string;
  /** Present on payment-token sessions: the page saves the card instead of charging it. */
  token_provider?: { payment_product_type: string; token_types: string[] };
  pay_lock?: { pay_lock_id: string };
  url: { return_url: string; merchant_terms_url?: string };
  order: ViewOrder;
  /** What is left to pay after the gift cards (`order.amount` minus their amounts); the page's "Pay <amount>". */
  amount_due: number;
  /** Contact details the merchant already knows (for prefilling); never tokens. */
  customer?: {
    email?: string;
    phone_number?: string;
    first_name?: string;
    last_name?: string;
    /** Cards the merchant stored for this customer (`customer.tokens`), masked: the page never sees a token. */
    saved_cards?: SavedCard[];
  };
  express?: ViewExpress;
  configuration: {
    payment_methods: PaymentMethod[];
    /** The kind of each of `payment_methods`, by its `payment_product_type` (one entry per method). */
    payment_method_kinds: PaymentMethodKinds;
    merchant: { id: string; name: string; logo_url?: string };
    /** The merchant's look: brand colour, page background, and whether dark mode may follow the device. */
    theme: { primary?: string; backdrop?: string; color_scheme: 'light' | 'dark' | 'auto' };
    test_mode: boolean;
    allow_different_billing_shipping_address?: boolean;
  };
}

/** The answer to paying: approved (`success`), or declined with `error_details`. */
export interface PaymentResponse {
  success: boolean;
  transaction_id?: string;
  /** The payment was taken but needs extra control (transaction ON_HOLD); the page reports SessionPaymentOnHold. */
  on_hold?: boolean;
  redirect_url?: string;
  error?: string;
  actions: { source?: string; code?: string; type?: 'success' | 'error' }[];
  error_details?: { code?: string; category?: 'permanent' | 'temporary' | 'unknown'; field?: string }[];
}

/** Why the server says a session can no longer be paid (absent: unknown session). */
export type UnavailableCause = 'CANCELLED' | 'AUTHORIZED' | 'ON_HOLD' | 'PAYMENT_INITIATED' | 'EXPIRED';

/** The `error` object of the 404 a session that cannot be paid answers with. */
export interface SessionUnavailableBody {
  message: string;
  code: ErrorCode;
  cause?: UnavailableCause;
  session_details?: { merchant_reference: string; transaction_id?: string; return_url?: string };
}

/**
 * A paid session's receipt, as its own checkout page shows it: never more than a paper receipt would (a card's
 * brand and last four digits; the e-mail the shopper or the merchant gave for this order).
 */
export interface CheckoutReceipt {
  amount: number;
  currency: string;
  /** When the paying transaction was made. */
  paid_at: string;
  method: PaymentMethod;
  card?: { brand: string; last4: string };
  email?: string;
}

/** Who the shopper paid (or was to pay) when the session can no longer be paid, and for a paid one its receipt. */
export interface ClosedSessionPage {
  merchant: ViewSession['configuration']['merchant'];
  theme: ViewSession['configuration']['theme'];
  receipt?: CheckoutReceipt;
}

/**
 * What the checkout page is rendered from: the open session, or the 404 body saying why it cannot be paid (with,
 * for a session that exists, the merchant it belongs to and a paid one's receipt: the page's render only, not the API's 404).
 */
export type CheckoutPageData =
  | { kind: 'open'; session: ViewSession }
  | { kind: 'unavailable'; body: SessionUnavailableBody; closed?: ClosedSessionPage };

/** What the sandbox's 3-D Secure or wallet page shows for one waiting attempt. */
export interface CustomerActionPage {
  kind: '3ds' | 'wallet';
  /** Still waiting for the customer's decision (else the page only offers the way back). */
  open: boolean;
  sessionId: string;
  amount: number;
  currency: string;
  merchantName: string;
  maskedPan?: string;
}
