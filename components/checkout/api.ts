import type { CardField, CardInput } from '../../domain/card';
import type { PaymentResponse, SessionUnavailableBody, ViewSession } from '../../domain/view-types';

/** What paying can end in, as the page needs it. */
export type PayOutcome =
  | { kind: 'approved'; transactionId: string; redirectUrl: string; /** Taken, but held for extra control (ON_HOLD). */ onHold: boolean }
  | { kind: 'declined'; transactionId?: string; temporary: boolean }
  | { kind: 'invalid_card'; errors: { field: CardField; message: string }[] }
  | { kind: 'not_payable'; message: string };

/** The session exists no more, or cannot be paid any more (the server's 404). */
export class SessionUnavailableError extends Error {
  constructor(readonly body: SessionUnavailableBody) {
    super(body.message);
    this.name = 'SessionUnavailableError';
  }
}

const readJson = async (res: Response): Promise<Record<string, unknown>> => {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const errorOf = (body: Record<string, unknown>) => (body.error ?? {}) as { message?: string; code?: string; errors?: { path?: string; message?: string }[] } & Partial<SessionUnavailableBody>;

export const fetchViewSession = async (sid: string): Promise<ViewSession> => {
  const res = await fetch(`/v1/view/${encodeURIComponent(sid)}/session`, { cache: 'no-store' });
  const body = await readJson(res);
  if (res.ok) return body as unknown as ViewSession;
  const error = errorOf(body);
  if (res.status === 404 || res.status === 400) {
    throw new SessionUnavailableError({ ...error, message: error.message ?? 'Session not found', code: error.code ?? 'SESSION_NOT_FOUND' });
  }
  throw new Error(error.message ?? `The payment could not be loaded (HTTP ${res.status})`);
};

const FIELD_BY_PATH: Record<string, CardField> = {
  'payment.card.number': 'number',
  'payment.card.expiry': 'expiry',
  'payment.card.cvc': 'cvc',
};

/** A 200 from paying: approved, or declined (the customer may try another card). */
const outcomeOf = (body: PaymentResponse): PayOutcome => {
  if (body.success === true) {
    return { kind: 'approved', transactionId: String(body.transaction_id), redirectUrl: String(body.redirect_url), onHold: body.on_hold === true };
  }
  return {
    kind: 'declined',
    ...(typeof body.transaction_id === 'string' ? { transactionId: body.transaction_id } : {}),
    temporary: (body.error_details ?? []).some((d) => d.category === 'temporary'),
  };
};

/** Pays with a card, or (card undefined) with the order's gift cards alone. */
export const paySession = async (sid: string, card: CardInput | undefined): Promise<PayOutcome> => {
  const payment = card ? { payment_product_type: 'sandbox.creditcard', card } : { payment_product_type: 'kassa.wallets' };
  const res = await fetch(`/v1/sessions/${encodeURIComponent(sid)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payment }),
  });
  const body = await readJson(res);
  if (res.ok) return outcomeOf(body as unknown as PaymentResponse);
  const error = errorOf(body);
  const errors = (error.errors ?? []).flatMap((e) => {
    const field = e.path ? FIELD_BY_PATH[e.path] : undefined;
    return field ? [{ field, message: e.message ?? 'Check this field' }] : [];
  });
  if (error.code === 'INVALID_CARD' || errors.length > 0) return { kind: 'invalid_card', errors };
  return { kind: 'not_payable', message: error.message ?? 'This payment can not be completed.' };
};

/** POST /v1/view/{sid}/session/lock: the pay lock id, or undefined when the session cannot be locked. */
export const lockSession = async (sid: string): Promise<string | undefined> => {
  try {
    const res = await fetch(`/v1/view/${encodeURIComponent(sid)}/session/lock`, { method: 'POST' });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { pay_lock?: { pay_lock_id?: string } };
    return body.pay_lock?.pay_lock_id;
  } catch {
    return undefined;
  }
};
