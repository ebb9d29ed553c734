import type { Messages } from './en';

export const sv: Messages = {
  checkout: {
    title: 'Checkout',
  },
  card: {
    form_label: 'Card payment',
    number_label: 'Card number',
    number_placeholder: '1234 5678 9012 3456',
    expiry_label: 'Expiry date (MM/YY)',
    expiry_placeholder: 'MM/YY',
    cvc_label: 'Security code',
    cvc_hint: '3 digits on the back of your card',
    cvc_hint_amex: '4 digits on the front of your card',
    brand_detected: 'Card type: {brand}',
    brands_accepted: 'Accepted cards: Visa, Mastercard, American Express',
    brand_visa: 'Visa',
    brand_mastercard: 'Mastercard',
    brand_amex: 'American Express',
    brand_diners: 'Diners Club',
    busy_label: 'Processing payment…',
    error_summary_title: 'There is a problem',
    error_number_required: 'Enter your card number.',
    error_number_not_digits: 'The card number can only contain digits.',
    error_number_length: 'The card number must be 12 to 19 digits.',
    error_number_invalid: 'This card number is not valid. Check it and try again.',
    error_number_other: 'Check the card number.',
    error_expiry_required: 'Enter the expiry date.',
    error_expiry_format: 'Enter the expiry date as MM/YY.',
    error_expiry_month: 'The month must be between 01 and 12.',
    error_expiry_expired: 'This card has expired.',
    error_expiry_other: 'Check the expiry date.',
    error_cvc_required: 'Enter the security code.',
    error_cvc_not_digits: 'The security code can only contain digits.',
    error_cvc_length: 'The security code is {digits} digits.',
    error_cvc_other: 'Check the security code.',
  },
  methods: {
    creditcard: 'Card',
  },
  express: {
    shipping: 'Shipping',
  },
  result: {
    approved: 'Payment approved',
  },
  sandbox: {
    challenge_title: '3-D Secure',
  },
};
