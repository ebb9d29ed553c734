import type { CardInput } from '../../domain/card';
import type { ErrorCode } from '../../domain/error-codes';
import type { PaymentResponse, SessionUnavailableBody, ViewSession } from '../../domain/view-types';
import { isNumber, isObject, isPaymentResponse, isString, isViewSession, opt, readError, shape } from './read-answers';

/** The `payment` of `POST /v1/sessions/{sid}/pay`, per kind of method (`payment_product_type`: the view's method's, or the gift cards'). */
export type PaymentBody =
  | { payment_product_type: string; card: CardInput }
  | { payment_product_type: string; payment_token_id: string }
  | { payment_product_type: string; email: string; phone_number: string; country: string; organization_number?: string }
  | { payment_product_type: string; email: string; phone_number: string; country: string; product: { id: string } }
  | { payment_product_type: string };

export interface FieldError {
  /** The request path the server named, e.g. `payment.card.number` or `email`. */
  path: string;
  message: string;
}

/** What paying can end in, as the page needs it. */
export type PayOutcome =
  | {
      kind: 'approved';
      transactionId: string;
      redirectUrl: string;
      /** Taken, but held for extra control (ON_HOLD). */ onHold: boolean;
    }
  /**
   * The customer must confirm elsewhere first (3-D Secure, wallet): the page goes there and comes back. `confirming`:
   * the provider's answer is not known yet (PAYMENT_CONFIRMING) and `redirectUrl` is this page itself, which then
   * follows the payment to its end (confirming-payment.tsx).
   */
  | { kind: 'redirect'; transactionId: string; redirectUrl: string; confirming?: true }
  /** `code`: the first action's code (e.g. `DECLINED`), not an error code. */
  | { kind: 'declined'; transactionId?: string; temporary: boolean; code?: string }
  | { kind: 'invalid'; errors: FieldError[]; code?: ErrorCode }
  | { kind: 'in_progress' }
  /** `code`: absent when the server named none the page knows, or its answer was malformed. */
  | { kind: 'not_payable'; message: string; code?: ErrorCode };

/** The session exists no more, or cannot be paid any more (the server's 404). */
export class SessionUnavailableError extends Error {
  constructor(readonly body: SessionUnavailableBody) {
    super(body.message);
    this.name = 'SessionUnavailableError';
  }
}

const readJson = async (res: Response): Promise<unknown> => {
  try {
    return (await res.json()) as unknown;
  } catch {
    return undefined;
  }
};

const fieldErrors = (errors: { path?: string; message?: string }[]): FieldError[] =>
  errors.flatMap((e) => (e.path ? [{ path: e.path, message: e.message ?? '' }] : []));

const sessionPath = (sid: string) => `/v1/view/${encodeURIComponent(sid)}`;

export const fetchViewSession = async (sid: string, viewerCountry?: string): Promise<ViewSession> => {
  const res = await fetch(`${sessionPath(sid)}/session`, {
    cache: 'no-store',
    ...(viewerCountry ? { headers: { 'viewer-country': viewerCountry } } : {}),
  });
  const body = await readJson(res);
  if (res.ok) {
    if (isViewSession(body)) return body;
    throw new Error('The payment could not be loaded (a malformed answer)');
  }
  const { cause, session_details, ...error } = readError(body);
  if (res.status === 404 || res.status === 400) {
    throw new SessionUnavailableError({
      message: error.message ?? 'Session not found',
      code: error.code ?? 'SESSION_NOT_FOUND',
      ...(cause ? { cause } : {}),
      ...(session_details ? { session_details } : {}),
    });
  }
  throw new Error(error.message ?? `The payment could not be loaded (HTTP ${res.status})`);
};

/** The pay answer's action while the server asks the provider what became of a payment (e.g. after a timeout). */
export const PAYMENT_CONFIRMING = 'PAYMENT_CONFIRMING';

const REDIRECT_ACTIONS = new Set(['3DS_CHALLENGE', 'WALLET_REDIRECT', 'CUSTOMER_ACTION', PAYMENT_CONFIRMING]);

/** A 200 from paying: approved, a page to visit first, or declined (the customer may try again). */
const outcomeOf = (body: PaymentResponse): PayOutcome => {
  const code = body.actions[0]?.code;
  if (body.success === true && code && REDIRECT_ACTIONS.has(code))
    return {
      kind: 'redirect',
      transactionId: String(body.transaction_id),
      redirectUrl: String(body.redirect_url),
      ...(code === PAYMENT_CONFIRMING ? { confirming: true as const } : {}),
    };
  if (body.success === true)
    return {
      kind: 'approved',
      transactionId: String(body.transaction_id),
      redirectUrl: String(body.redirect_url),
      onHold: body.on_hold === true,
    };
  return {
    kind: 'declined',
    ...(typeof body.transaction_id === 'string' ? { transactionId: body.transaction_id } : {}),
    temporary: (body.error_details ?? []).some((d) => d.category === 'temporary'),
    ...(code ? { code } : {}),
  };
};

/** A 200 the page cannot read: the general refusal (the page reloads the session and says it cannot go on now). */
const MALFORMED: PayOutcome = { kind: 'not_payable', message: 'The answer to paying could not be read' };

/** Pays the session with one payment type. */
export const paySession = async (sid: string, payment: PaymentBody): Promise<PayOutcome> => {
  const res = await fetch(`/v1/sessions/${encodeURIComponent(sid)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payment }),
  });
  const body = await readJson(res);
  if (res.ok) return isPaymentResponse(body) ? outcomeOf(body) : MALFORMED;
  const error = readError(body);
  if (error.code === 'SESSION_PAYMENT_IN_PROGRESS') return { kind: 'in_progress' };
  const errors = fieldErrors(error.errors);
  if (res.status === 400 && (errors.length > 0 || error.code === 'INVALID_CARD'))
    return { kind: 'invalid', errors, ...(error.code ? { code: error.code } : {}) };
  return { kind: 'not_payable', message: error.message ?? '', ...(error.code ? { code: error.code } : {}) };
};

export interface InstallmentPlan {
  id: string;
  type: 'interest_free' | 'annuity';
  credit_time: number;
  monthly_amount: number;
  total_amount: number;
  first_monthly_amount?: number;
  origination_fee?: number;
  notification_fee?: number;
  campaign_fee?: number;
  annual_interest_rate?: number;
  effective_annual_interest_rate?: number;
}

export type OperationsResult =
  { ok: true; plans: InstallmentPlan[] } | { ok: false; errors: FieldError[]; message: string; code?: ErrorCode };

const isPlan = shape<InstallmentPlan>({
  id: isString,
  type: (v) => v === 'interest_free' || v === 'annuity',
  credit_time: isNumber,
  monthly_amount: isNumber,
  total_amount: isNumber,
  ...Object.fromEntries(
    [
      'first_monthly_amount',
      'origination_fee',
      'notification_fee',
      'campaign_fee',
      'annual_interest_rate',
      'effective_annual_interest_rate',
    ].map((k) => [k, opt(isNumber)]),
  ),
});

/**
 * `POST /v1/view/{sid}/payments/{type}`: what paying with a type takes (installment plans), checking
 * the customer's details; `force_new` drops an earlier attempt left waiting (e.g. a closed 3-D Secure page).
 */
export const getPaymentOperations = async (
  sid: string,
  type: string,
  query: Record<string, string | undefined>,
): Promise<OperationsResult> => {
  const params = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  const res = await fetch(`${sessionPath(sid)}/payments/${encodeURIComponent(type)}?${params.toString()}`, {
    method: 'POST',
  });
  const body = await readJson(res);
  if (res.ok) {
    const operations = isObject(body) && Array.isArray(body.operations) ? body.operations : [];
    return { ok: true, plans: operations.flatMap((o) => (isObject(o) && isPlan(o.product) ? [o.product] : [])) };
  }
  const error = readError(body);
  return {
    ok: false,
    errors: fieldErrors(error.errors),
    message: error.message ?? '',
    ...(error.code ? { code: error.code } : {}),
  };
};

/** POST /v1/view/{sid}/session/lock: the pay lock id, or undefined when the session cannot be locked. */
export const lockSession = async (sid: string): Promise<string | undefined> => {
  try {
    const res = await fetch(`${sessionPath(sid)}/session/lock`, { method: 'POST' });
    if (!res.ok) return undefined;
    const body = await readJson(res);
    const lock = isObject(body) ? body.pay_lock : undefined;
    return isObject(lock) && isString(lock.pay_lock_id) ? lock.pay_lock_id : undefined;
  } catch {
    return undefined;
  }
};

/** Remembers the customer's payment type for this session across reloads (best effort). */
export const savePaymentChoice = (sid: string, type: string): void => {
  void fetch('/checkout/payment-type', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sid, payment_product_type: type }),
  }).catch(() => undefined);
};
