import type { AppContext } from '../../app-context';
import { DELETED_TOKEN_DECLINE, isCardTokenDeleted } from '../../customers/card-token-status';
import { AppError } from '../../errors/app-error';
import type { CustomerActionAnswer, TokenType } from '../../providers/port';
import { minorUnits, priced } from '../../../domain/money';
import { amountDue } from '../../../domain/express-order';
import type { AttemptResult } from './payment-attempt';
import { tokenForId } from './saved-cards';
import type { PayableSession } from '../payable-sessions';
import type { PaySessionInput } from './pay-schemas';

export type ProviderAnswer = AttemptResult | CustomerActionAnswer;

/**
 * Step 2 of paying, outside any database transaction: the provider of the payment type answers. A
 * payment-token session saves the typed card instead (tokenize); a stored card that was deleted is
 * declined without asking. The provider may ask the customer to act on a page first (CUSTOMER_ACTION:
 * 3-D Secure, a wallet's approval); gift cards were checked when they were applied.
 */
export const callPaymentProvider = async (
  ctx: AppContext,
  session: PayableSession,
  transactionId: string,
  payment: PaySessionInput['payment'],
  /** Where a page of the provider's own sends the customer back to: the checkout page. */
  returnUrl: string,
): Promise<ProviderAnswer> => {
  const productType = payment.payment_product_type;
  const product = ctx.providers.product(productType);
  const provider = ctx.providers.providerFor(productType);
  const card = 'card' in payment ? payment.card : undefined;
  const accountId = session.account_id;
  if (session.kind === 'PAYMENT_TOKEN' && product?.capabilities.tokenization && provider.tokenize) {
    if (!card)
      throw new AppError('INVALID_REQUEST', 'A payment-token session saves a typed card', {
        errors: [{ path: 'payment.card', message: 'required' }],
      });
    const tokenTypes: TokenType[] = session.tokenProvider?.token_types ?? ['payment_token'];
    return { outcome: 'TOKENIZED', tokens: await provider.tokenize({ accountId, productType, card, tokenTypes }) };
  }
  const tokenId = 'payment_token_id' in payment ? payment.payment_token_id : undefined;
  const token = tokenId ? tokenForId(session, productType, tokenId)! : undefined; // checked when the attempt started
  if (token && (await isCardTokenDeleted(ctx.database.db, accountId, token))) return DELETED_TOKEN_DECLINE;
  return provider.authorize({
    accountId,
    productType,
    transactionId,
    ...priced(minorUnits(amountDue(session.order)), session.currency), // what the gift cards leave
    ...(card ? { card } : {}),
    ...(token ? { token } : {}),
    ...('email' in payment ? { applicant: { email: payment.email, phone_number: payment.phone_number } } : {}),
    returnUrl,
  });
};
