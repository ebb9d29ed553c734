import type { MessageKey } from '../i18n/translate';

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
