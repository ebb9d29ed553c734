import { allocateGiftCards } from '../../domain/express-order';
import { withLinesVat } from '../../domain/order-rules';
import type { Executor } from '../db/database';
import { giftCardOnOrder } from '../wallets/wallet-gift-cards';
import type { StoredSessionOrder } from './session-record';
import { GIFT_CARDS_TYPE, type ShippingOption } from '../../domain/view-types';

/**
 * The order with another shipping option (or none): the amount moves by the difference of the two prices, and the
 * VAT follows its lines (withLinesVat).
 */
export const withShippingOption = (
  order: StoredSessionOrder,
  option: ShippingOption | undefined,
): StoredSessionOrder => {
  const { shipping_option: previous, ...rest } = order;
  const amount = order.amount - (previous?.amount ?? 0) + (option?.amount ?? 0);
  const unchanged = previous?.amount === option?.amount && previous?.vat_amount === option?.vat_amount;
  return withLinesVat({ ...rest, amount, ...(option ? { shipping_option: option } : {}) }, unchanged);
};

/**
 * The gift cards re-applied to the order's (new) amount: each pays up to its balance (looked up
 * again: a wallet card's ledger, or the sandbox's test card), never more than the order.
 */
export const withGiftCardsReapplied = async (
  exec: Executor,
  accountId: string,
  order: StoredSessionOrder,
): Promise<StoredSessionOrder> => {
  const { gift_cards: applied, ...rest } = order;
  if (!applied?.length) return rest;
  const cards = [];
  for (const g of applied) {
    const found = await giftCardOnOrder(exec, accountId, g.card_id);
    if (found) cards.push({ ...found, masked_card_token: g.masked_card_token });
  }
  const used = allocateGiftCards(order.amount, cards).map((c) => ({
    type: GIFT_CARDS_TYPE,
    card_id: c.card_id,
    masked_card_token: c.masked_card_token,
    amount: c.amount,
  }));
  return used.length ? { ...rest, gift_cards: used } : rest;
};
