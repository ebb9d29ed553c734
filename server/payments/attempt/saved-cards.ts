import { createHash } from 'node:crypto';
import { isCardTokenDeleted } from '../../customers/card-token-status';
import type { Database } from '../../db/database';
import { parseJson } from '../../shared/json-columns';
import type { CardSummary } from '../../providers/acquirer';
import type { SavedCard } from '../../../domain/view-types';
import type { SessionRecord } from '../../sessions/session-repository';

const CARD_TYPE = 'sandbox.creditcard';

/** The page's handle for a stored card: derived from the token, so the token itself never leaves the server. */
export const paymentTokenId = (token: string): string => `ptid_${createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 24)}`;

/** The card token the merchant stored for this customer (`customer.tokens["sandbox.creditcard"].payment_token`). */
export const storedCardToken = (session: SessionRecord): string | undefined => {
  const tokens = session.customer?.tokens as Record<string, { payment_token?: unknown } | undefined> | undefined;
  const token = tokens?.[CARD_TYPE]?.payment_token;
  return typeof token === 'string' && token.length > 0 ? token : undefined;
};

/** The stored card for `payment_token_id`, if the session has one with that id. */
export const tokenForId = (session: SessionRecord, id: string): string | undefined => {
  const token = storedCardToken(session);
  return token && paymentTokenId(token) === id ? token : undefined;
};

/** The stored card as the page may show it; a token the sandbox vault does not know, or that was deleted, is not shown. */
export const savedCardsOf = async (database: Database, session: SessionRecord): Promise<SavedCard[]> => {
  const token = storedCardToken(session);
  if (!token || session.tokenProvider || (await isCardTokenDeleted(database.db, session.account_id, token))) return [];
  const row = await database.db.selectFrom('sandbox_vault').select('card').where('token', '=', token).where('account_id', '=', session.account_id).executeTakeFirst();
  if (!row) return [];
  const card = parseJson<CardSummary>(row.card);
  return [{ payment_token_id: paymentTokenId(token), brand: card.brand, masked_pan: card.masked_pan, expiry_date: card.expiry_date }];
};
