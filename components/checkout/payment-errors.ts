import type { MessageKey } from '../i18n/translate';

/**
 * The one place the page turns the server's error codes about paying into what the customer
 * reads: the server's own `message` is English for developers and is never shown.
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
export const PAY_ATTEMPTS_EXHAUSTED = 'TOO_MANY_REQUESTS';

/** Why the server refused to take a payment (its `error.code`), as the customer can act on it. */
export const payRefusalKey = (code: string | undefined): MessageKey => {
  switch (code) {
    case PAY_ATTEMPTS_EXHAUSTED:
      return 'pay.too_many_attempts';
    case 'SESSION_LOCKED':
      return 'pay.session_locked';
    case 'SHIPPING_ADDRESS_REQUIRED':
      return 'pay.address_required';
    case 'SHIPPING_OPTION_NOT_AVAILABLE':
      return 'pay.shipping_required';
    case 'GIFT_CARDS_DO_NOT_COVER':
      return 'pay.gift_cards_do_not_cover';
    case 'INVALID_REQUEST':
      return 'pay.invalid';
    default:
      return 'pay.not_payable';
  }
};
