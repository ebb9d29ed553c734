import { AppError } from '../../errors/app-error';
import type { AuthorizeAnswer, PaymentProduct } from '../port';
import type { UnrecordedProvider } from './authorizations';
import type { SandboxOperations } from './ledger';
import { SANDBOX_WALLET_TYPE, sandboxPagePath, type SandboxPageState } from './pages';

const WALLET_REJECTED: AuthorizeAnswer = {
  outcome: 'DECLINED',
  code: 'wallet_rejected',
  message: 'The customer rejected the payment in the wallet',
  retryable: true,
};

export const SANDBOX_WALLET: PaymentProduct = {
  type: SANDBOX_WALLET_TYPE,
  name: 'Sandbox Wallet',
  kind: 'wallet',
  testOnly: true,
  capabilities: {
    partialCapture: true,
    partialVoid: false,
    itemBased: false,
    refunds: true,
    tokenization: false,
    customerAction: true,
    asyncOperations: true,
    authorizationUpdate: true,
  },
};

/** The sandbox wallet (`sandbox.wallet`): the shopper approves or rejects on the sandbox's wallet page. */
export const createSandboxWallet = (ledger: SandboxOperations): UnrecordedProvider => ({
  name: 'sandbox',
  products: [SANDBOX_WALLET],
  async authorize({ transactionId }) {
    const state: SandboxPageState = { type: 'wallet' };
    return {
      outcome: 'CUSTOMER_ACTION',
      url: sandboxPagePath('wallet', transactionId),
      state,
      action: { code: 'WALLET_REDIRECT', type: 'wallet' },
    };
  },
  async completeCustomerAction({ transactionId, decision }) {
    if (decision !== 'approve' && decision !== 'reject')
      throw new AppError('INVALID_REQUEST', 'This payment waits for approve or reject');
    return decision === 'approve'
      ? { outcome: 'APPROVED', providerReference: `sbx_wallet_${transactionId}` }
      : WALLET_REJECTED;
  },
  ...ledger,
});
