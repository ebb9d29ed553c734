import { insertRow } from '../db/compiled-once';
import type { RequestMeta } from '../app-context';
import type { Executor } from '../db/database';
import { redactHeaders } from '../shared/request-headers';
import { nextEventSeq } from '../db/next-seq';
import { nowIso } from '../shared/clock';
import { timeOrderedUuid } from '../shared/ids';
import { toJson } from '../shared/json-columns';

/** Session event names of the public API that Kassa records (the public SDK's session `events[].name` enum). */
export const PUBLIC_SESSION_EVENT_NAMES = [
  'INITIATED',
  'VISITED',
  'AUTHORIZED',
  'DECLINED',
  'FAILED',
  'COMPLETED',
  'AUTH_CALLBACK_SENT',
  'CANCELLED',
  'UPDATE_SESSION',
  'PAY_LOCK_START',
  'PAY_LOCK_END',
  'PAYMENT_TOKEN_FLOW_START',
  'SET_SHIPPING_ADDRESS',
  'SET_BILLING_ADDRESS',
  'SET_SHIPPING_OPTION',
  'SET_DISCOUNT_CODES',
  'SECRET_CONFIRMATION_CODE_SENT',
] as const;

/**
 * Kassa's own session event names (not in the public enum): `PAYMENT_STARTED` (a payment attempt began), `ON_HOLD` (the
 * payment waits for the merchant or provider), `PAYMENT_REDIRECT` (it waits for the customer on a 3-D Secure or wallet
 * page), `SET_GIFT_CARD` (the customer's gift cards changed), `ADD_PAYMENT_INFORMATION` (addresses and locale given
 * before a pay-later payment).
 */
export const KASSA_SESSION_EVENT_NAMES = [
  'PAYMENT_STARTED',
  'ON_HOLD',
  'PAYMENT_REDIRECT',
  'SET_GIFT_CARD',
  'ADD_PAYMENT_INFORMATION',
] as const;

export const SESSION_EVENT_NAMES = [...PUBLIC_SESSION_EVENT_NAMES, ...KASSA_SESSION_EVENT_NAMES] as const;
export type SessionEventName = (typeof SESSION_EVENT_NAMES)[number];

/** The bytes an event appended with these `details` and `meta` stores (its details and request headers as JSON text). */
export const sessionEventBytes = (
  details: Record<string, unknown> | undefined,
  meta: RequestMeta | undefined,
): number =>
  (details ? Buffer.byteLength(toJson(details)) : 0) +
  (meta ? Buffer.byteLength(toJson(redactHeaders(meta.headers))) : 0);

/** Appends a session event. Call inside the transaction that holds the session row. With `meta`, the request's id and redacted headers are stored. */
export const appendSessionEvent = async (
  trx: Executor,
  sessionId: string,
  name: SessionEventName,
  opts: {
    requestId?: string;
    details?: Record<string, unknown>;
    firstEvent?: boolean;
    requestHeaders?: Record<string, string>;
    meta?: RequestMeta;
  } = {},
): Promise<string> => {
  const seq = opts.firstEvent ? 1 : await nextEventSeq(trx, 'session_events', sessionId);
  const id = timeOrderedUuid();
  await insertRow(trx, 'session_events', {
    id,
    session_id: sessionId,
    seq,
    name,
    created_at: nowIso(),
    request_id: opts.requestId ?? opts.meta?.requestId ?? null,
    details: opts.details ? toJson(opts.details) : null,
    request_headers: opts.requestHeaders
      ? toJson(opts.requestHeaders)
      : opts.meta
        ? toJson(redactHeaders(opts.meta.headers))
        : null,
  });
  return id;
};
