/**
 * Every string the checkout shows, in English. The other languages are typed `Messages`, so a
 * missing or misspelled key fails the type check. `{name}` marks a value filled in at runtime.
 */
export const en = {
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

export type Messages = typeof en;
