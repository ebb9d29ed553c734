import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import {
  findGiftCard,
  giftCardById,
  WRONG_NUMBER_OR_PIN,
  type FoundGiftCard,
  type GiftCardRequest,
} from '../providers/sandbox/sandbox-gift-cards';
import type { CheckedCard } from './check-gift-card-credentials';
import { nowIso } from '../shared/clock';
import { assertCardUsable } from './wallet-ledger';
import { balanceOf, maskToken, type CardRow, type TokenRow } from './wallet-repository';

/**
 * Gift cards in the checkout. An account with wallet cards pays with them: a `card_token` is a live
 * token of one of its cards, a `card_id` one of its cards the merchant listed (or already on the
 * order). An account without wallet cards keeps the sandbox's test gift cards.
 */
export interface ResolvedGiftCard extends FoundGiftCard {
  /** The wallet card's row and the token the customer gave (wallet accounts only). */
  wallet?: { cardRowId: string; tokenId?: string };
}

export interface GiftCardSession {
  id: string;
  account_id: string;
  currency: string;
  order: { gift_cards?: readonly { card_id: string; masked_card_token: string; amount: number }[] };
}

export const accountHasWalletCards = async (exec: Executor, accountId: string): Promise<boolean> =>
  (await exec
    .selectFrom('wallet_cards')
    .select('id')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const invalid = (path: string, message: string) =>
  new AppError('GIFT_CARD_INVALID', message, { errors: [{ path, message }] });

/** Why this card cannot pay this session now, as the customer is told (undefined: it can). */
export const cardProblem = (card: CardRow, currency: string, now?: string): string | undefined => {
  try {
    assertCardUsable(card, 'drawdown', currency, now);
    return undefined;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return e.code === 'CURRENCY_MISMATCH'
      ? `This gift card is in ${card.currency}`
      : e.code === 'WALLET_CARD_EXPIRED'
        ? 'This gift card has expired'
        : 'This gift card cannot be used yet';
  }
};

const resolveWalletCard = async (
  exec: Executor,
  session: GiftCardSession,
  req: GiftCardRequest,
  index: number,
  listed: readonly string[],
  checked: CheckedCard | undefined,
): Promise<ResolvedGiftCard> => {
  const path = `gift_cards[${index}].value`;
  let card: CardRow | undefined;
  let token: TokenRow | undefined;
  if (req.type.endsWith('.card_id')) {
    if (listed.includes(req.value))
      card = await exec
        .selectFrom('wallet_cards')
        .selectAll()
        .where('account_id', '=', session.account_id)
        .where('card_id', '=', req.value)
        .executeTakeFirst();
    if (!card) throw invalid(path, 'This gift card is not one of your saved cards');
  } else {
    token = checked?.token; // found with its PIN by checkGiftCardCredentials
    if (!token) throw invalid(path, WRONG_NUMBER_OR_PIN);
    if (token.expires_after_transaction === 1 && token.used_at !== null)
      throw invalid(path, 'This gift card code has already been used');
    card = await exec
      .selectFrom('wallet_cards')
      .selectAll()
      .where('id', '=', token.card_row_id)
      .executeTakeFirstOrThrow();
  }
  const problem = cardProblem(card, session.currency);
  if (problem) throw invalid(path, problem);
  const balance = await balanceOf(exec, card.id);
  if (balance <= 0) throw invalid(path, 'This gift card has no balance left');
  const onOrder = session.order.gift_cards?.find((g) => g.card_id === card.card_id); // kept by its card_id: shown as it was applied
  const masked = token ? maskToken(token.value) : (onOrder?.masked_card_token ?? maskToken(card.card_id));
  return {
    card_id: card.card_id,
    masked_card_token: masked,
    balance,
    wallet: { cardRowId: card.id, ...(token ? { tokenId: token.id } : {}) },
  };
};

/**
 * Checks each requested card (the customer's PUT gift_cards) and what it can pay. A `card_token` entry
 * is what `checkGiftCardCredentials` found for it with its PIN (`checked`, by index); without one it is invalid.
 */
export const resolveGiftCards = async (
  exec: Executor,
  session: GiftCardSession,
  requests: readonly GiftCardRequest[],
  listed: readonly string[],
  checked: ReadonlyMap<number, CheckedCard>,
  hasWalletCards: boolean,
): Promise<ResolvedGiftCard[]> => {
  if (!hasWalletCards) return requests.map((req, i) => findGiftCard(req, i, listed, checked.get(i)?.sandbox));
  const found: ResolvedGiftCard[] = [];
  for (const [i, req] of requests.entries())
    found.push(await resolveWalletCard(exec, session, req, i, listed, checked.get(i)));
  return found;
};

/** A card on the order, looked up again when the order is re-priced (undefined: it cannot pay any more). */
export const giftCardOnOrder = async (
  exec: Executor,
  accountId: string,
  cardId: string,
): Promise<FoundGiftCard | undefined> => {
  if (!(await accountHasWalletCards(exec, accountId))) return giftCardById(cardId);
  const card = await exec
    .selectFrom('wallet_cards')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  return card
    ? { card_id: card.card_id, masked_card_token: maskToken(card.card_id), balance: await balanceOf(exec, card.id) }
    : undefined;
};

/** Remembers which token the session applied for each wallet card (in the transaction that applies them). */
export const rememberSessionTokens = async (
  trx: Executor,
  sessionId: string,
  cards: readonly ResolvedGiftCard[],
): Promise<void> => {
  for (const c of cards) {
    if (!c.wallet?.tokenId) continue;
    const row = {
      session_id: sessionId,
      card_row_id: c.wallet.cardRowId,
      token_id: c.wallet.tokenId,
      created_at: nowIso(),
    };
    await trx
      .insertInto('wallet_session_tokens')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['session_id', 'card_row_id']).doUpdateSet({ token_id: row.token_id, created_at: row.created_at }),
      )
      .execute();
  }
};
