import { randomBase58 } from '../../shared/ids';
import type { AuthorizeResult } from '../acquirer';

/** What the sandbox invoice and part-payment lender decides on (README "Sandbox test data"). */
export interface LenderApplication {
  email: string;
  phone_number: string;
}

/**
 * The simulated credit check: a phone number ending in 0000 is refused (permanent), an email at
 * `onhold.example` is approved for review (ON_HOLD when the session allows it), anything else is approved.
 */
export const decideCredit = ({ email, phone_number }: LenderApplication): AuthorizeResult => {
  if (phone_number.endsWith('0000')) {
    return { outcome: 'DECLINED', code: 'credit_check_failed', message: 'The lender refused the credit check', retryable: false };
  }
  return { outcome: 'APPROVED', providerReference: `sbx_credit_${randomBase58(16)}`, ...(email.toLowerCase().endsWith('@onhold.example') ? { review: true } : {}) };
};
