import { signatureHeader } from '../signature/sign-callback';
import { callbackOptions } from './enqueue-callback';

export interface CallbackRequestInput {
  url: string;
  accountId: string;
  sessionId: string;
  transactionId: string | null;
  merchantReference: string;
  eventId: string;
  /** Set for report_event callbacks (CAPTURE, REFUND, VOID); absent for the authorization callback. */
  event?: string;
  error?: string;
  time: string;
  deliveryId: string;
  secret?: string;
  body?: unknown;
  nowSeconds: number;
}

export interface CallbackRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Pure: builds the exact HTTP request for one delivery attempt, signature included. */
export const buildCallbackRequest = (input: CallbackRequestInput): CallbackRequest => {
  const opts = callbackOptions(input.url);
  const u = new URL(input.url);
  if (input.transactionId) u.searchParams.set('transaction_id', input.transactionId);
  u.searchParams.set(opts.sidParameterName, input.sessionId);
  u.searchParams.set('merchant_reference', input.merchantReference);
  u.searchParams.set('time', input.time);
  u.searchParams.set('event_id', input.eventId);
  if (input.event) u.searchParams.set('event', input.event);
  if (input.error) u.searchParams.set('error', input.error);
  const url = u.toString();
  const headers: Record<string, string> = {
    'event-delivery': input.deliveryId,
    'user-agent': 'Kassa-Callbacks/1.0',
  };
  if (input.secret)
    headers['kassa-signature'] = signatureHeader(input.secret, input.nowSeconds, input.accountId, opts.method, url);
  if (opts.method === 'POST') {
    headers['content-type'] = 'application/json';
    return { url, method: 'POST', headers, body: JSON.stringify(input.body ?? {}) };
  }
  return { url, method: 'GET', headers };
};
