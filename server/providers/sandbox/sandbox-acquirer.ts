import { randomBase58 } from '../../shared/ids';
import type { Acquirer } from '../acquirer';
import { validateCard } from './card';

/**
 * Deterministic test cards. Any other Luhn-valid number with a future expiry and
 * a valid security code is approved.
 */
export const SANDBOX_CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
} as const;

const DECLINES: Record<string, { code: string; message: string }> = {
  [SANDBOX_CARDS.decline]: { code: 'card_declined', message: 'The card was declined by the issuer' },
};

/** The built-in simulated acquirer (provider segment `sandbox`). No network, no card storage. */
export const createSandboxAcquirer = (): Acquirer => ({
  paymentProduct: 'sandbox',
  async authorize({ card }) {
    const { pan, summary } = validateCard(card);
    const decline = DECLINES[pan];
    if (decline) return { outcome: 'DECLINED', card: summary, ...decline };
    return { outcome: 'APPROVED', card: summary, providerReference: `sbx_${randomBase58(16)}` };
  },
  async capture() {},
  async refund() {},
  async void() {},
});
