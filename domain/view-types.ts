import type { ViewSession } from '../server/sessions/session-schemas';

export type { ViewSession };
export type OrderItem = NonNullable<ViewSession['order']['items']>[number];

/** Why the server says a session can no longer be paid (absent: unknown session). */
export type UnavailableCause = 'CANCELLED' | 'AUTHORIZED' | 'ON_HOLD' | 'PAYMENT_INITIATED' | 'EXPIRED' | 'FAILED';

export interface SessionUnavailableBody {
  message: string;
  code: string;
  cause?: UnavailableCause;
  session_details?: { merchant_reference: string; transaction_id?: string; return_url?: string };
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** What paying can end in, as the page needs it. */
export type PayOutcome =
  | { kind: 'approved'; transactionId: string; redirectUrl: string; /** Taken, but held for extra control (ON_HOLD). */ onHold: boolean }
  | { kind: 'declined'; transactionId?: string; temporary: boolean }
  | { kind: 'invalid_card'; errors: { field: keyof CardInput; message: string }[] }
  | { kind: 'not_payable'; message: string };

/** View options the SDK (or a merchant link) adds to the checkout URL. */
export interface CheckoutOptions {
  ui: 'fullscreen' | 'inline' | 'modal';
  language: string;
  hideTestMessage: boolean;
  hideItems: boolean;
  clientSideValidation: boolean;
}
