import { ZodError } from 'zod';
import { AppError, type ErrorCode, type ErrorDetail } from '../errors/app-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { RouteResult } from './route';

/** THE one mapping from domain error codes to HTTP status. Nothing else picks an error status. */
const STATUS: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  INVALID_JSON: 400,
  JSON_TOO_DEEP: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  LENGTH_REQUIRED: 411,
  HEADERS_TOO_LARGE: 431,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EXPECTATION_FAILED: 417,
  UNAUTHORIZED: 401,
  INVALID_CLIENT: 401,
  UNAUTHORIZED_CLIENT: 401,
  INVALID_GRANT: 400,
  INVALID_AUDIENCE: 400,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  SCOPE_NOT_HELD: 403,
  ACCOUNT_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  SESSION_NOT_AVAILABLE: 404,
  TRANSACTION_NOT_FOUND: 404,
  SIGNATURE_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  CLIENT_NOT_FOUND: 404,
  CLIENT_ALREADY_EXISTS: 409,
  CLIENT_GRANT_NOT_FOUND: 404,
  CLIENT_GRANT_ALREADY_EXISTS: 409,
  CALLBACK_NOT_FOUND: 404,
  SESSION_EXPIRED: 400,
  SESSION_CANCELLED: 400,
  SESSION_ALREADY_PAID: 400,
  SESSION_LOCKED: 400,
  SESSION_NOT_LOCKED: 400,
  ORDER_AMOUNT_MISMATCH: 400,
  ITEMS_REQUIRED: 400,
  DUPLICATE_MERCHANT_REFERENCE: 400,
  PROFILE_NOT_FOUND: 404,
  PROFILE_ALREADY_EXISTS: 409,
  PRECONDITION_FAILED: 412,
  DO_NOT_RETRY: 400,
  EXPRESS_CALLBACK_FAILED: 502,
  DISCOUNTS_NOT_ENABLED: 400,
  TOO_MANY_DISCOUNT_CODES: 400,
  GIFT_CARD_INVALID: 400,
  GIFT_CARDS_DO_NOT_COVER: 400,
  PHONE_NUMBER_REQUIRED: 400,
  SHIPPING_OPTION_NOT_AVAILABLE: 400,
  SHIPPING_ADDRESS_REQUIRED: 400,
  EXPRESS_NOT_ENABLED: 400,
  REDIRECT_NOT_FOUND: 404,
  PAYMENT_TOKEN_REQUIRED: 400,
  SESSION_PAYMENT_IN_PROGRESS: 409,
  PAYMENT_PRODUCT_NOT_ENABLED: 400,
  INVALID_CALLBACK_URL: 400,
  INVALID_CARD: 400,
  PROVIDER_UNAVAILABLE: 503,
  PAYMENT_APP_NOT_FOUND: 404,
  PAYMENT_APP_LIMIT_REACHED: 409,
  TRANSACTION_NOT_CAPTURABLE: 400,
  TRANSACTION_NOT_REFUNDABLE: 400,
  TRANSACTION_NOT_VOIDABLE: 400,
  AMOUNT_EXCEEDS_AUTHORIZED: 400,
  AMOUNT_EXCEEDS_CAPTURED: 400,
  CURRENCY_MISMATCH: 400,
  INVALID_ITEMS: 400,
  REFERENCE_REUSED: 409,
  AUTHORIZATION_NOT_UPDATABLE: 409,
  OPERATION_IN_PROGRESS: 409,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,

  CUSTOMER_NOT_FOUND: 404,
  CUSTOMER_ALREADY_EXISTS: 409,
  CARD_TOKEN_NOT_FOUND: 404,

  WALLET_CARD_NOT_FOUND: 404,
  WALLET_CARD_ALREADY_EXISTS: 409,
  INSUFFICIENT_BALANCE: 400,
  WALLET_TOKEN_FORMAT_INVALID: 400,
  WALLET_TOKEN_NOT_FOUND: 404,
  WALLET_TOKEN_USED: 409,
  WALLET_REF_ID_REUSED: 409,
  WALLET_CARD_NOT_ACTIVE: 400,
  WALLET_CARD_EXPIRED: 400,
  WALLET_TRANSACTION_NOT_FOUND: 404,

  STORE_NOT_FOUND: 404,
  STORE_ALREADY_EXISTS: 409,
  PAYOUT_DESTINATION_NOT_FOUND: 404,
  PAYOUT_DESTINATION_ALREADY_EXISTS: 409,
  STORE_HAS_NO_PAYOUT_DESTINATION: 400,
  TERMINAL_NOT_FOUND: 404,
  TERMINAL_ALREADY_EXISTS: 409,
  UNKNOWN_DEVICE_MODEL: 400,

  DISCOUNT_RULE_NOT_FOUND: 404,
  DISCOUNT_CLAIM_NOT_FOUND: 404,
  DISCOUNT_USAGE_EXCEEDED: 409,
  DISCOUNT_RULE_NOT_UPDATABLE: 409,

  ORDER_NOT_FOUND: 404,
  DRAFT_ORDER_NOT_FOUND: 404,
  ORDER_VERSION_CONFLICT: 409,
  ORDER_ALREADY_EXISTS: 409,
  DRAFT_ORDER_EMPTY: 400,
  ORDER_NOT_OPEN: 409,

  CSRF_REFUSED: 403,
  CONSOLE_USER_NOT_FOUND: 404,
  CONSOLE_USER_ALREADY_EXISTS: 409,
  LAST_CONSOLE_ADMIN: 409,

  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  INTERNAL: 500,
};

/** `Retry-After` on a 503 for an unreachable database. */
const DB_RETRY_AFTER_SECONDS = 5;

export const statusForCode = (code: ErrorCode): number => STATUS[code];

const zodDetails = (e: ZodError): ErrorDetail[] =>
  e.issues.map((i) => ({ path: i.path.map(String).join('.') || undefined, message: i.message, code: i.code }));

/** A 401 says how to authenticate (RFC 9110 §15.5.2): client credentials at the token endpoint, else a bearer token (RFC 6750). */
const challenge = (code: ErrorCode): string =>
  code === 'INVALID_CLIENT' || code === 'UNAUTHORIZED_CLIENT' ? 'Basic realm="kassa"' : 'Bearer realm="kassa"';

/**
 * Every 409 that says "the first request is still running" tells the client when to retry (issue 37
 * item 22), wherever it is thrown: a running request usually ends within it; one whose process died
 * is free once the heartbeat says so (10 s, ADR 006 and 045).
 */
const RETRY_AFTER: Partial<Record<ErrorCode, number>> = {
  IDEMPOTENCY_KEY_IN_PROGRESS: 2,
  SESSION_PAYMENT_IN_PROGRESS: 2,
};

/** `{ "error": { "message", "code", "errors" } }`; a 500 says nothing about internals. */
export const errorResult = (e: unknown, log: (err: unknown) => void): RouteResult => {
  if (e instanceof ZodError) {
    return {
      status: 400,
      body: { error: { message: 'The request is not valid', code: 'INVALID_REQUEST', errors: zodDetails(e) } },
    };
  }
  if (e instanceof AppError) {
    const status = STATUS[e.code];
    if (status >= 500 && e.cause !== undefined) log(e.cause);
    const retry = RETRY_AFTER[e.code];
    const own = retry && !e.headers['retry-after'] ? { 'retry-after': String(retry), ...e.headers } : e.headers;
    const headers = status === 401 ? { 'www-authenticate': challenge(e.code), ...own } : own;
    return {
      status,
      body: { ...e.body, error: { message: e.message, code: e.code, errors: e.errors, ...e.extra } },
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }
  if (isDatabaseUnavailable(e)) {
    // The database cannot be reached (server/db/unavailable.ts decides): retryable, nothing internal said.
    // Not logged per request; the pollers log the outage once (ADR 022).
    return {
      status: STATUS.SERVICE_UNAVAILABLE,
      body: {
        error: {
          message: 'The service is temporarily unavailable; retry later',
          code: 'SERVICE_UNAVAILABLE',
          errors: [],
        },
      },
      headers: { 'retry-after': String(DB_RETRY_AFTER_SECONDS) },
    };
  }
  log(e);
  return { status: 500, body: { error: { message: 'Something went wrong', code: 'INTERNAL', errors: [] } } };
};
