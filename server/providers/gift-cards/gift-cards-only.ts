import { GIFT_CARDS_TYPE, GIFT_CARDS_TYPES } from '../../../domain/view-types';
import { AppError } from '../../errors/app-error';
import type { PaymentProduct, PaymentProvider } from '../port';

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
    asyncOperations: false,
    authorizationUpdate: true,
  },
};

/**
 * Paying with the order's gift cards alone (`kassa.wallets`), on every account: Kassa's own wallet
 * ledger, with no acquirer behind it (issue 38 item 5). The cards were checked when they were applied
 * and are drawn down when the attempt is recorded, so the authorization holds nothing more; a void or
 * refund gives the cards their part back when Kassa settles it (return-gift-cards.ts), and a capture
 * books what was drawn. So every operation is done at once, whatever its amount, and none depends on
 * the sandbox gateway or its test switches: there is nothing outside Kassa that could be down, late
 * or silent, and asked again (a crash between call and settlement) it is done as well.
 */
export const createGiftCardsOnly = (): PaymentProvider => ({
  name: 'kassa',
  products: [GIFT_CARDS_ONLY],
  async authorize({ transactionId }) {
    return { outcome: 'APPROVED', providerReference: `${GIFT_CARDS_ONLY_REFERENCE}${transactionId}` };
  },
  completeCustomerAction() {
    return Promise.reject(new AppError('INVALID_REQUEST', `${GIFT_CARDS_TYPE} has no customer action`));
  },
  // nothing is held outside Kassa until the attempt is recorded (that draws the cards down): an attempt cut off
  // before it was recorded took nothing, and the shopper pays again
  authorizationStatus: async () => ({ outcome: 'UNKNOWN' }),
  capture: async () => 'DONE',
  refund: async () => 'DONE',
  void: async () => 'DONE',
  async updateAuthorization() {
    // the cards hold what was drawn; Kassa's rules decide the new amount
  },
  operationStatus: async () => 'DONE',
  transactionState: async () => ({ operations: [] }), // Kassa's own ledger: nothing it does not know of
});
