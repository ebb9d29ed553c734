/**
 * The closed set of public error codes (the `code` of every error body), shared by the server and
 * the page (ADR 008): the server throws `AppError` with one of these (server/errors/app-error.ts)
 * and server/http/error-response.ts is the ONE place that maps a code to an HTTP status; the page
 * compares and translates only codes of this set, and reads any other (a newer server's) as unknown.
 */
export const ERROR_CODES = [
  // request shape
  'INVALID_REQUEST',
  'INVALID_JSON',
  'JSON_TOO_DEEP',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'LENGTH_REQUIRED',
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
  'UNAUTHORIZED_CLIENT',
  // a credential or user with a scope the caller does not hold (ADR 042)
  'SCOPE_NOT_HELD',
  // resources
  'ACCOUNT_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'SIGNATURE_NOT_FOUND',
  'API_KEY_NOT_FOUND',
  'CLIENT_NOT_FOUND',
  'CLIENT_ALREADY_EXISTS',
  'CLIENT_GRANT_NOT_FOUND',
  'CLIENT_GRANT_ALREADY_EXISTS',
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
  'PAYMENT_APP_NOT_FOUND',
  'PAYMENT_APP_LIMIT_REACHED',
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
  'DISCOUNT_RULE_NOT_UPDATABLE',

  // account API: shopping orders (issue 11)
  'ORDER_NOT_FOUND',
  'DRAFT_ORDER_NOT_FOUND',
  'ORDER_VERSION_CONFLICT',
  'ORDER_ALREADY_EXISTS',
  'DRAFT_ORDER_EMPTY',
  'ORDER_NOT_OPEN',

  // the console's users and sessions (issue 26, ADR 033)
  'CSRF_REFUSED',
  'CONSOLE_USER_NOT_FOUND',
  'CONSOLE_USER_ALREADY_EXISTS',
  'LAST_CONSOLE_ADMIN',

  // idempotency (ADR 006)
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  // fallback
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** A code of the set; anything else (another string, a newer server's code, not a string) is not. */
export const isErrorCode = (x: unknown): x is ErrorCode => typeof x === 'string' && CODES.has(x);
