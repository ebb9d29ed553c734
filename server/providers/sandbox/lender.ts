import { randomBase58 } from '../../shared/ids';
import type { AuthorizeAnswer, PaymentProduct } from '../port';
import { AppError } from '../../errors/app-error';
import type { UnrecordedProvider } from './authorizations';
import type { SandboxOperations } from './ledger';

/** What the sandbox invoice and part-payment lender decides on (README "Sandbox test data"). */
export interface LenderApplication {
  email: string;
  phone_number: string;
}

/**
 * The simulated credit check: a phone number ending in 0000 is refused (permanent), an email at
 * `onhold.example` is approved for review (ON_HOLD when the session allows it), anything else is approved.
 */
export const decideCredit = ({ email, phone_number }: LenderApplication): AuthorizeAnswer => {
  if (phone_number.endsWith('0000')) {
    return {
      outcome: 'DECLINED',
      code: 'credit_check_failed',
      message: 'The lender refused the credit check',
      retryable: false,
    };
  }
  return {
    outcome: 'APPROVED',
    providerReference: `sbx_credit_${randomBase58(16)}`,
    ...(email.toLowerCase().endsWith('@onhold.example') ? { review: true } : {}),
  };
};

const LENDER_CAPABILITIES = {
  partialCapture: true,
  partialVoid: false,
  itemBased: true,
  refunds: true,
  tokenization: false,
  customerAction: false,
  asyncOperations: true,
  authorizationUpdate: true,
} as const;

export const SANDBOX_INVOICE: PaymentProduct = {
  type: 'sandbox.invoice',
  name: 'Invoice',
  kind: 'invoice',
  testOnly: true,
  capabilities: LENDER_CAPABILITIES,
};
export const SANDBOX_INSTALLMENT: PaymentProduct = {
  type: 'sandbox.installment',
  name: 'Part payment',
  kind: 'installment',
  testOnly: true,
  capabilities: LENDER_CAPABILITIES,
};

/**
 * The sandbox lender for one product (invoice, or part payment): it decides on the shopper's details
 * (`applicant`). A merchant-initiated invoice comes without a shopper: the merchant vouches for it, and it is approved.
 */
export const createSandboxLender = (product: PaymentProduct, ledger: SandboxOperations): UnrecordedProvider => ({
  name: 'sandbox',
  products: [product],
  async authorize({ applicant }) {
    return applicant ? decideCredit(applicant) : { outcome: 'APPROVED', providerReference: 'sandbox-invoice' };
  },
  completeCustomerAction() {
    return Promise.reject(new AppError('INVALID_REQUEST', `${product.type} has no customer action`));
  },
  ...ledger,
});
