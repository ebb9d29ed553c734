import type { ErrorCode } from '../../domain/error-codes';
import type { MessageKey } from '../i18n/translate';

/**
 * The one place the page turns the server's error codes (paying, express steps) into what the
 * customer reads: the server's own `message` is English for developers and is never shown for
 * paying. The maps are keyed by the closed set (domain/error-codes.ts), so a code that does not
 * exist fails the type check.
 */

/**
 * What the issuer said when it declined a payment (the decline's code, the answer's `actions[0].code`), as the
 * shopper can act on it. A card reported lost or stolen reads exactly as any other decline by the bank: the page
 * never tells whoever holds the card that it is reported (the server answers the page `card_declined` for them
 * anyway; these entries keep the page safe with a provider that does not).
 */
export const DECLINE_REASON_KEYS: Readonly<Record<string, MessageKey>> = {
  insufficient_funds: 'pay.declined_insufficient_funds',
  expired_card: 'pay.declined_expired_card',
  card_declined: 'pay.declined_by_bank',
  lost_card: 'pay.declined_by_bank',
  stolen_card: 'pay.declined_by_bank',
};

/** The message for the issuer's reason for a decline, when it is one the shopper can act on. */
export const declineReasonKey = (code: string | undefined): MessageKey | undefined =>
  code && Object.hasOwn(DECLINE_REASON_KEYS, code) ? DECLINE_REASON_KEYS[code] : undefined;

/** `payment_error` when a payment being confirmed with the provider ended unpaid (confirming-payment.tsx). */
export const NOT_COMPLETED = 'not_completed';

/** The message for `payment_error` when the customer comes back from a payment page. */
export const returnedErrorKey = (error: string): MessageKey => {
  switch (error) {
    case NOT_COMPLETED:
      return 'pay.error_not_completed';
    case 'authentication_failed':
      return 'pay.error_authentication_failed';
    case 'wallet_rejected':
      return 'pay.error_wallet_rejected';
    case 'cancelled':
      return 'pay.error_cancelled';
    default: // the issuer's reason after a 3-D Secure page (e.g. card_declined), else a general decline
      return declineReasonKey(error) ?? 'pay.declined';
  }
};

/** The message for a declined payment: the issuer's reason when it gave one, else whether another try may work. */
export const declinedKey = (decline: { code?: string; temporary: boolean }, card: boolean): MessageKey =>
  declineReasonKey(decline.code) ?? (decline.temporary ? 'pay.temporary' : card ? 'pay.declined_card' : 'pay.declined');

/** The server refuses every attempt on this payment for a while (declined or failed too often): it cannot go on now. */
export const PAY_ATTEMPTS_EXHAUSTED = 'TOO_MANY_REQUESTS' satisfies ErrorCode;

/** Why the server refused to take a payment (its `error.code`), as the customer can act on it; a code not here is the general refusal. */
export const PAY_REFUSAL_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
  [PAY_ATTEMPTS_EXHAUSTED]: 'pay.too_many_attempts',
  SESSION_LOCKED: 'pay.session_locked',
  SHIPPING_ADDRESS_REQUIRED: 'pay.address_required',
  SHIPPING_OPTION_NOT_AVAILABLE: 'pay.shipping_required',
  GIFT_CARDS_DO_NOT_COVER: 'pay.gift_cards_do_not_cover',
  INVALID_REQUEST: 'pay.invalid',
};

export const payRefusalKey = (code: ErrorCode | undefined): MessageKey =>
  (code && PAY_REFUSAL_KEYS[code]) || 'pay.not_payable';

/**
 * Refusals about what the order lacks (an address, a shipping option, a gift card that no longer
 * covers it): their message goes once the order changes, since the change is what answers it.
 */
export const ORDER_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'SHIPPING_ADDRESS_REQUIRED',
  'SHIPPING_OPTION_NOT_AVAILABLE',
  'GIFT_CARDS_DO_NOT_COVER',
]);

/** Why an express step's write failed: a code of the closed set, or the page's own NETWORK (the server was not reached). */
export type WriteFailureCode = ErrorCode | 'NETWORK';

/** Refusals of an express step the customer can act on, in the page's language (others show the server's message). */
export const WRITE_REFUSAL_KEYS: Partial<Record<WriteFailureCode, MessageKey>> = {
  NETWORK: 'express.network',
  EXPRESS_CALLBACK_FAILED: 'express.callback_failed',
  GIFT_CARD_INVALID: 'express.gift_card_invalid',
  TOO_MANY_DISCOUNT_CODES: 'express.too_many_codes',
  SESSION_LOCKED: 'pay.session_locked',
  // 429: too many wrong gift card tries (ADR 030) or changes; the server's text names seconds in English
  TOO_MANY_REQUESTS: 'pay.too_many_attempts',
};

export const writeRefusalKey = (code: WriteFailureCode | undefined): MessageKey | undefined =>
  code ? WRITE_REFUSAL_KEYS[code] : undefined;
