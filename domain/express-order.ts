import { sumMinor } from './money';

/**
 * Express checkout arithmetic on the server's copy of the order (the page never computes a total):
 * how gift cards split what is to be paid. What order.amount must be is the order rule's
 * (`orderTotal` in domain/order-rules.ts).
 */

interface PricedOrder {
  amount: number;
  gift_cards?: readonly { amount: number }[];
}

/** What the customer still pays by card after the gift cards. */
export const amountDue = (order: PricedOrder): number =>
  Math.max(0, order.amount - sumMinor((order.gift_cards ?? []).map((g) => g.amount)));

/** The order's gift cards pay all of it: nothing is left for a card (pay with `kassa.wallets`). */
export const giftCardsPayAll = (order: PricedOrder): boolean =>
  (order.gift_cards?.length ?? 0) > 0 && amountDue(order) === 0;

/**
 * Each card pays up to its balance, in the order given, until `amount` is covered; a card that would
 * pay nothing is dropped. Used whenever the order amount changes, so the cards never exceed it.
 */
export const allocateGiftCards = <C extends { balance: number }>(
  amount: number,
  cards: readonly C[],
): (C & { amount: number })[] => {
  let left = amount;
  const used: (C & { amount: number })[] = [];
  for (const card of cards) {
    const part = Math.min(left, card.balance);
    if (part <= 0) continue;
    used.push({ ...card, amount: part });
    left -= part;
  }
  return used;
};
