/**
 * The rules of the demo's reference payment app (docs/payment-app.md), by the amount's last two digits:
 *  - authorize: 51 declines; 00 and 33 send the shopper to the app's page (Approve / Reject; the demo
 *    store's amounts are whole kroner, so its shoppers see it); anything else is approved at once;
 *  - capture: 02 is accepted for later (`pending`) and done PENDING_SETTLES_AFTER_MS later (`status`);
 *    03 is accepted for later too and then `failed` (an acquirer that refuses after accepting);
 *    every other capture, refund and void is done at once.
 */
export type AuthorizeRule = 'approve' | 'decline' | 'customer_action';

export const PENDING_SETTLES_AFTER_MS = 2000;

export const authorizeRule = (amount: number): AuthorizeRule => {
  const cents = amount % 100;
  if (cents === 51) return 'decline';
  return cents === 0 || cents === 33 ? 'customer_action' : 'approve';
};

export const captureIsPending = (amount: number): boolean => amount % 100 === 2 || captureFails(amount);

/** A capture accepted for later that ends `failed` rather than `done`. */
export const captureFails = (amount: number): boolean => amount % 100 === 3;
