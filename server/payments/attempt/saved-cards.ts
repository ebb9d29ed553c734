import { createHash } from 'node:crypto';
import { isCardTokenDeleted } from '../../customers/card-token-status';
import type { AppContext } from '../../app-context';
import type { SavedCard } from '../../../domain/view-types';
import type { PayableSession } from '../payable-sessions';

/** The page's handle for a stored card: derived from the token, so the token itself never leaves the server. */
export const paymentTokenId = (token: string): string =>
  `ptid_${createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 24)}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const tokenText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The tokens the merchant stored for the customer for a payment type (`customer.tokens[type]`, checked by the session's schema). */
export const storedTokens = (
  customer: { readonly tokens?: unknown } | undefined,
  paymentType: string,
): { payment_token?: string; recurrence_token?: string } => {
  const tokens = customer?.tokens;
  const stored = isRecord(tokens) && Object.hasOwn(tokens, paymentType) ? tokens[paymentType] : undefined;
  if (!isRecord(stored)) return {};
  const paymentToken = tokenText(stored.payment_token);
  const recurrenceToken = tokenText(stored.recurrence_token);
  return {
    ...(paymentToken ? { payment_token: paymentToken } : {}),
    ...(recurrenceToken ? { recurrence_token: recurrenceToken } : {}),
  };
};

/** The card token the merchant stored for this customer for a payment type (`customer.tokens[type].payment_token`). */
export const storedCardToken = (session: Pick<PayableSession, 'customer'>, paymentType: string): string | undefined =>
  storedTokens(session.customer, paymentType).payment_token;

/** The stored card for `payment_token_id`, if the session has one with that id. */
export const tokenForId = (session: PayableSession, paymentType: string, id: string): string | undefined => {
  const token = storedCardToken(session, paymentType);
  return token && paymentTokenId(token) === id ? token : undefined;
};

/**
 * The stored cards as the page may show them: for each product that stores cards, the token the
 * merchant stored for it, when its provider knows the card and it was not deleted.
 */
export const savedCardsOf = async (
  ctx: AppContext,
  session: Pick<PayableSession, 'account_id' | 'customer' | 'tokenProvider'>,
): Promise<SavedCard[]> => {
  if (session.tokenProvider) return [];
  const cards: SavedCard[] = [];
  for (const product of ctx.providers.products()) {
    const token = product.capabilities.tokenization ? storedCardToken(session, product.type) : undefined;
    const provider = token ? ctx.providers.providerFor(product.type) : undefined;
    if (!token || !provider?.storedCard || (await isCardTokenDeleted(ctx.database.db, session.account_id, token)))
      continue;
    const card = await provider.storedCard({ accountId: session.account_id, productType: product.type, token });
    if (card)
      cards.push({
        payment_token_id: paymentTokenId(token),
        brand: card.brand,
        masked_pan: card.masked_pan,
        expiry_date: card.expiry_date,
      });
  }
  return cards;
};
