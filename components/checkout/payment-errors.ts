import type { ErrorCode } from '../../domain/error-codes';
import type { MessageKey } from '../i18n/translate';

/**
 * The one place the page turns the server's error codes (paying, express steps) into what the
 * customer reads: the server's own `message` is English for developers and is never shown for
 * paying. The maps are keyed by the closed set (domain/error-codes.ts), so a code that does not
 * exist fails the type check.
 */

/** The message for `payment_error` when the customer comes back from a payment page. */
export const returnedErrorKey = (error: string): MessageKey => {
  switch (error) {
    case 'authentication_failed':
      return 'pay.error_authentication_failed';
    case 'wallet_rejected':
      return 'pay.error_wallet_rejected';
    case 'cancelled':
      return 'pay.error_cancelled';
    default:
      return 'pay.declined';
  }
};

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
