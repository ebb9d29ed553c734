import type { Messages } from './en';

export const fi: Messages = {
  checkout: {
    title: 'Checkout',
  },
  card: {
    number_label: 'Card number',
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
