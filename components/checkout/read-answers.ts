import { isErrorCode, type ErrorCode } from '../../domain/error-codes';
import type { PaymentResponse, SessionUnavailableBody, UnavailableCause, ViewSession } from '../../domain/view-types';

/**
 * Reads the server's answers as the page needs them, without trusting them: an answer without the
 * fields the page reads, in their types, is malformed and the caller shows its general error. Plain
 * checks rather than a schema library: the page's first-load JavaScript has a budget (ADR 018).
 */

type Json = Record<string, unknown>;
type Check = (x: unknown) => boolean;

export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isString = (x: unknown): x is string => typeof x === 'string';
export const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isBoolean: Check = (x) => typeof x === 'boolean';
export const opt =
  (check: Check): Check =>
  (x) =>
    x === undefined || check(x);
const list =
  (check: Check): Check =>
  (x) =>
    Array.isArray(x) && x.every(check);
/** An object whose fields pass their checks (other fields are not looked at): `T` says what that proves. */
export const shape =
  <T extends object = Json>(fields: Record<string, Check>) =>
  (x: unknown): x is T =>
    isObject(x) && Object.keys(fields).every((k) => fields[k]!(x[k]));

const CAUSES: ReadonlySet<unknown> = new Set<UnavailableCause>([
  'CANCELLED',
  'AUTHORIZED',
  'ON_HOLD',
  'PAYMENT_INITIATED',
  'EXPIRED',
]);
const isCause = (x: unknown): x is UnavailableCause => CAUSES.has(x);
type SessionDetails = NonNullable<SessionUnavailableBody['session_details']>;
const isSessionDetails = shape<SessionDetails>({
  merchant_reference: isString,
  transaction_id: opt(isString),
  return_url: opt(isString),
});

/** The `error` of an error body: a code of the closed set (any other, e.g. a newer server's, is left out). */
export interface WireError {
  message?: string;
  code?: ErrorCode;
  errors: { path?: string; message?: string }[];
  cause?: UnavailableCause;
  session_details?: SessionDetails;
}

export const readError = (body: unknown): WireError => {
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  const errors = Array.isArray(error.errors) ? error.errors.filter(isObject) : [];
  return {
    ...(isString(error.message) ? { message: error.message } : {}),
    ...(isErrorCode(error.code) ? { code: error.code } : {}),
    errors: errors.map((e) => ({
      ...(isString(e.path) ? { path: e.path } : {}),
      ...(isString(e.message) ? { message: e.message } : {}),
    })),
    ...(isCause(error.cause) ? { cause: error.cause } : {}),
    ...(isSessionDetails(error.session_details) ? { session_details: error.session_details } : {}),
  };
};

/** The view session, checked where the page reads it without looking first. */
export const isViewSession = shape<ViewSession>({
  id: isString,
  updated_at: isString,
  url: shape({ return_url: isString }),
  order: shape({
    amount: isNumber,
    currency: isString,
    merchant_reference: isString,
    items: opt(list(isObject)),
    gift_cards: opt(list(isObject)),
    discount_codes: opt(list(isString)),
  }),
  amount_due: isNumber,
  configuration: shape({
    payment_methods: list(shape({ payment_product_type: isString, name: isString })),
    payment_method_kinds: isObject,
    merchant: shape({ name: isString }),
    theme: isObject,
    test_mode: isBoolean,
  }),
  express: opt(shape({ shipping_options: list(isObject), shipping_mode: isString })),
  customer: opt(isObject),
  token_provider: opt(isObject),
});

const isPaymentShape = shape({
  success: isBoolean,
  transaction_id: opt(isString),
  redirect_url: opt(isString),
  on_hold: opt(isBoolean),
  actions: list(shape({ code: opt(isString) })),
  error_details: opt(list(shape({ category: opt(isString) }))),
});

/** The answer to paying; an approval names its transaction and where to go. */
export const isPaymentResponse = (x: unknown): x is PaymentResponse =>
  isPaymentShape(x) && (x.success !== true || (isString(x.transaction_id) && isString(x.redirect_url)));
