/**
 * The closed set of domain error codes. Domain code throws AppError with one of
 * these; server/http/error-response.ts is the ONE place that maps a code to an
 * HTTP status and the public error body.
 */
export const ERROR_CODES = [
  // request shape
  'INVALID_REQUEST',
  'INVALID_JSON',
  'JSON_TOO_DEEP',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'EXPECTATION_FAILED',
  // auth
  'UNAUTHORIZED',
  'INVALID_CLIENT',
  'INVALID_GRANT',
  'INVALID_AUDIENCE',
  'FORBIDDEN',
  'INSUFFICIENT_SCOPE',
  // resources
  'ACCOUNT_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'SIGNATURE_NOT_FOUND',
  'API_KEY_NOT_FOUND',
  'CALLBACK_NOT_FOUND',
  'SESSION_NOT_AVAILABLE',
  // session rules
  'SESSION_EXPIRED',
  'SESSION_CANCELLED',
  'SESSION_ALREADY_PAID',
  'SESSION_LOCKED',
  'SESSION_NOT_LOCKED',
  'ORDER_AMOUNT_MISMATCH',
  'ITEMS_REQUIRED',
  'DUPLICATE_MERCHANT_REFERENCE',
  'PROFILE_NOT_FOUND',
  'PROFILE_ALREADY_EXISTS',
  'PRECONDITION_FAILED',
  'DO_NOT_RETRY',
  'EXPRESS_CALLBACK_FAILED',
  'SHIPPING_OPTION_NOT_AVAILABLE',
  'SHIPPING_ADDRESS_REQUIRED',
  'EXPRESS_NOT_ENABLED',
  'REDIRECT_NOT_FOUND',
  'PAYMENT_TOKEN_REQUIRED',
  'SESSION_PAYMENT_IN_PROGRESS',
  'PAYMENT_PRODUCT_NOT_ENABLED',
  'INVALID_CALLBACK_URL',
  'DISCOUNTS_NOT_ENABLED',
  'TOO_MANY_DISCOUNT_CODES',
  'GIFT_CARD_INVALID',
  'GIFT_CARDS_DO_NOT_COVER',
  'PHONE_NUMBER_REQUIRED',
  // card / acquirer
  'INVALID_CARD',
  'PROVIDER_UNAVAILABLE',
  // transaction rules
  'TRANSACTION_NOT_CAPTURABLE',
  'TRANSACTION_NOT_REFUNDABLE',
  'TRANSACTION_NOT_VOIDABLE',
  'AMOUNT_EXCEEDS_AUTHORIZED',
  'AMOUNT_EXCEEDS_CAPTURED',
  'CURRENCY_MISMATCH',
  'INVALID_ITEMS',
  'REFERENCE_REUSED',
  'AUTHORIZATION_NOT_UPDATABLE',
  'OPERATION_IN_PROGRESS',
  'CONFLICT',
  // account API: rate limits
  'TOO_MANY_REQUESTS',
  // issue 12: the database cannot be reached (503; retry later)
  'SERVICE_UNAVAILABLE',

  // account API: customers and their tokens (issue 10)
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_ALREADY_EXISTS',
  'CARD_TOKEN_NOT_FOUND',

  // account API: wallet cards and card tokens (issue 10)
  'WALLET_CARD_NOT_FOUND',
  'WALLET_CARD_ALREADY_EXISTS',
  'INSUFFICIENT_BALANCE',
  'WALLET_TOKEN_FORMAT_INVALID',
  'WALLET_TOKEN_NOT_FOUND',
  'WALLET_TOKEN_USED',
  'WALLET_REF_ID_REUSED',
  'WALLET_CARD_NOT_ACTIVE',
  'WALLET_CARD_EXPIRED',
  'WALLET_TRANSACTION_NOT_FOUND',

  // account API: stores, payout destinations, terminals (issue 10)
  'STORE_NOT_FOUND',
  'STORE_ALREADY_EXISTS',
  'PAYOUT_DESTINATION_NOT_FOUND',
  'PAYOUT_DESTINATION_ALREADY_EXISTS',
  'STORE_HAS_NO_PAYOUT_DESTINATION',
  'TERMINAL_NOT_FOUND',
  'TERMINAL_ALREADY_EXISTS',
  'UNKNOWN_DEVICE_MODEL',

  // account API: discount rules and receipts (issue 11)
  'DISCOUNT_RULE_NOT_FOUND',
  'DISCOUNT_CLAIM_NOT_FOUND',
  'DISCOUNT_USAGE_EXCEEDED',

  // account API: shopping orders (issue 11)
  'ORDER_NOT_FOUND',
  'DRAFT_ORDER_NOT_FOUND',
  'ORDER_VERSION_CONFLICT',
  'ORDER_ALREADY_EXISTS',
  'DRAFT_ORDER_EMPTY',
  'ORDER_NOT_OPEN',

  // idempotency (ADR 006)
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  // fallback
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  path?: string;
  message: string;
  code?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: ErrorDetail[];
  /** Extra public fields merged into the error object (e.g. `cause`). */
  readonly extra: Record<string, unknown>;
  /** Public fields placed beside `error` at the top of the body (e.g. `session_id` on /sessions/pay). */
  readonly body: Record<string, unknown>;
  /** Response headers that go with the error (e.g. `Retry-After` on a 429). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { errors?: ErrorDetail[]; extra?: Record<string, unknown>; body?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = opts.errors ?? [];
    this.extra = opts.extra ?? {};
    this.body = opts.body ?? {};
    this.headers = opts.headers ?? {};
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
