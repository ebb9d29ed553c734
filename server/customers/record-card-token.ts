import type { Executor } from '../db/database';
import type { TokenizeResult } from '../providers/port';
import { toJson } from '../shared/json-columns';
import { paymentTokenId } from '../payments';

/**
 * Records the card a payment-token attempt stored, in the transaction that records the attempt: it
 * belongs to the session's `customer.customer_id` (when there was one) of the session's account.
 */
export const recordCardToken = async (
  trx: Executor,
  stored: {
    accountId: string;
    customerId: string | undefined;
    paymentProductType: string;
    tokens: TokenizeResult;
    sessionId: string;
    transactionId: string;
    createdAt: string;
  },
): Promise<void> => {
  await trx
    .insertInto('stored_card_tokens')
    .values({
      token_id: paymentTokenId(stored.tokens.payment_token),
      account_id: stored.accountId,
      customer_id: stored.customerId ?? null,
      payment_product_type: stored.paymentProductType,
      payment_token: stored.tokens.payment_token,
      recurrence_token: stored.tokens.recurrence_token ?? null,
      card: toJson(stored.tokens.card),
      session_id: stored.sessionId,
      transaction_id: stored.transactionId,
      created_at: stored.createdAt,
      deleted_at: null,
      deleted_by: null,
    })
    .execute();
};
