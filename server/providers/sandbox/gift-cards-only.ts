import { GIFT_CARDS_TYPE, GIFT_CARDS_TYPES } from '../../../domain/view-types';
import { AppError } from '../../errors/app-error';
import type { PaymentProduct, PaymentProvider } from '../port';
import type { SandboxOperations } from './ledger';

/** The provider reference of a payment the gift cards pay in full. */
export const GIFT_CARDS_ONLY_REFERENCE = 'gift_cards_';

export const GIFT_CARDS_ONLY: PaymentProduct = {
  type: GIFT_CARDS_TYPE,
  aliases: GIFT_CARDS_TYPES.filter((t) => t !== GIFT_CARDS_TYPE),
  name: 'Gift cards',
  kind: 'gift_cards',
  capabilities: {
    partialCapture: true,
    partialVoid: false,
    itemBased: false,
    refunds: true,
    tokenization: false,
    customerAction: false,
    asyncOperations: true,
    authorizationUpdate: true,
  },
};

/**
 * Paying with the order's gift cards alone (`kassa.wallets`): the cards were checked when they were
 * applied and are drawn down when the attempt is recorded, so the authorization holds nothing more.
 * Its later operations go to the sandbox ledger like every sandbox product's.
 */
export const createGiftCardsOnly = (ledger: SandboxOperations): PaymentProvider => ({
  name: 'kassa',
  products: [GIFT_CARDS_ONLY],
  async authorize({ transactionId }) {
    return { outcome: 'APPROVED', providerReference: `${GIFT_CARDS_ONLY_REFERENCE}${transactionId}` };
  },
  completeCustomerAction() {
    return Promise.reject(new AppError('INVALID_REQUEST', `${GIFT_CARDS_TYPE} has no customer action`));
  },
  ...ledger,
});
