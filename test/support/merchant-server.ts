import { startMerchant, type Callback } from './callback-helpers';

export type ReceivedCallback = Callback;

/**
 * Kept for tests written against it: the merchant endpoint of callback-helpers, answering with
 * `respond(n)` for the n-th request (1-based). New tests: useKassa({ merchant }) or startMerchant.
 */
export const startMerchantServer = (respond: (n: number) => number = () => 200) =>
  startMerchant((_cb, all) => respond(all.length));
