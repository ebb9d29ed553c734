import type { AppContext } from '../../app-context';
import { DELETED_TOKEN_DECLINE, isCardTokenDeleted } from '../../customers/card-token-status';
import { AppError } from '../../errors/app-error';
import type { TokenType } from '../../providers/acquirer';
import { decideCredit } from '../../providers/sandbox/sandbox-lender';
import { amountDue } from '../../../domain/express-order';
import type { PendingAction } from './await-customer';
import type { AttemptResult } from './payment-attempt';
import { tokenForId } from './saved-cards';
import type { SessionRecord } from '../../sessions/session-repository';
import type { PaySessionInput } from '../../sessions/session-schemas';

/** The provider reference of a payment the gift cards pay in full (no acquirer involved). */
export const GIFT_CARDS_ONLY_REFERENCE = 'gift_cards_';

export type ProviderAnswer = AttemptResult | { outcome: 'CUSTOMER_ACTION'; action: PendingAction };

/**
 * Step 2 of paying, outside any database transaction: ask the provider for the payment type. The
 * card may need 3-D Secure and the wallet the customer's approval (CUSTOMER_ACTION); the sandbox
 * gift cards were checked when they were applied.
 */
export const callPaymentProvider = async (ctx: AppContext, session: SessionRecord, transactionId: string, payment: PaySessionInput['payment']): Promise<ProviderAnswer> => {
  switch (payment.payment_product_type) {
    case 'sandbox.creditcard': {
      if (session.kind === 'PAYMENT_TOKEN') {
        if (!payment.card) throw new AppError('INVALID_REQUEST', 'A payment-token session saves a typed card', { errors: [{ path: 'payment.card', message: 'required' }] });
        const tokenTypes: TokenType[] = session.tokenProvider?.token_types ?? ['payment_token'];
        return { outcome: 'TOKENIZED', tokens: await ctx.acquirer.tokenize({ accountId: session.account_id, card: payment.card, tokenTypes }) };
      }
      const amount = amountDue(session.order); // the card pays what the gift cards leave
      if (payment.payment_token_id) {
        const token = tokenForId(session, payment.payment_token_id)!; // checked when the attempt started
        if (await isCardTokenDeleted(ctx.database.db, session.account_id, token)) return DELETED_TOKEN_DECLINE;
        return ctx.acquirer.authorizeWithToken({ accountId: session.account_id, transactionId, token, amount, currency: session.currency });
      }
      const answer = await ctx.acquirer.authorize({ transactionId, amount, currency: session.currency, card: payment.card! });
      return answer.outcome === 'CHALLENGE' ? { outcome: 'CUSTOMER_ACTION', action: { type: '3ds', card: answer.card, after: answer.afterChallenge } } : answer;
    }
    case 'sandbox.invoice':
    case 'sandbox.installment':
      return decideCredit(payment);
    case 'sandbox.wallet':
      return { outcome: 'CUSTOMER_ACTION', action: { type: 'wallet' } };
    default:
      return { outcome: 'APPROVED', providerReference: `${GIFT_CARDS_ONLY_REFERENCE}${transactionId}` };
  }
};
