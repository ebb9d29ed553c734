import { createHash } from 'node:crypto';
import type { CardSummary, TokenizeResult } from '../../providers/port';
import { paymentTokenId } from '../attempt/saved-cards';

/** The card a transaction stores and shows: the provider's summary, the ids of the tokens it made, and the consent. */
export interface TransactionCard extends CardSummary {
  /** `ptid_…`, the id of the payment token (the same as the customer's stored card's `token_id`); never the token. */
  payment_token_id?: string;
  /** `rtid_…`, the id of the recurrence token; never the token. */
  recurrence_token_id?: string;
  /** `opt_in` when the customer saved the card (a token was made), else `opt_out` (the public API's default). */
  card_holder_tokenization_consent: 'opt_in' | 'opt_out';
}

/** The id of a recurrence token: derived from it, so the token itself never leaves the server. */
export const recurrenceTokenId = (token: string): string =>
  `rtid_${createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 24)}`;

/** What is stored in `transactions.card` once the provider answered; `tokens` when the payment saved the card. */
export const transactionCard = (
  card: CardSummary,
  tokens?: Pick<TokenizeResult, 'payment_token' | 'recurrence_token'>,
): TransactionCard => ({
  ...card,
  ...(tokens ? { payment_token_id: paymentTokenId(tokens.payment_token) } : {}),
  ...(tokens?.recurrence_token ? { recurrence_token_id: recurrenceTokenId(tokens.recurrence_token) } : {}),
  card_holder_tokenization_consent: tokens ? 'opt_in' : 'opt_out',
});
