import { AppError } from '../../errors/app-error';

/**
 * The sandbox's test gift cards (deterministic, documented in the README). Balances are in minor
 * units of the session's currency and are not drawn down: like the test cards, every session sees
 * the same balance. `card_id` is how a merchant lists a known card in `customer.gift_cards`.
 */
export const SANDBOX_GIFT_CARDS = [
  { number: '6000000000000001', pin: '1234', balance: 10_000, card_id: 'sbx_gc_0001' },
  { number: '6000000000000019', pin: '4321', balance: 500_000, card_id: 'sbx_gc_0019' },
  { number: '6000000000000027', pin: '0000', balance: 0, card_id: 'sbx_gc_0027' },
] as const;

export interface GiftCardRequest {
  type: string;
  value: string;
  pin?: string | undefined;
}

export interface FoundGiftCard {
  card_id: string;
  masked_card_token: string;
  balance: number;
}

const mask = (n: string) => `•••• ${n.slice(-4)}`;
const invalid = (path: string, message: string) => new AppError('GIFT_CARD_INVALID', message, { errors: [{ path, message }] });

/** A known card by id (re-pricing an order looks the balance up again). */
export const giftCardById = (cardId: string): FoundGiftCard | undefined => {
  const card = SANDBOX_GIFT_CARDS.find((c) => c.card_id === cardId);
  return card ? { card_id: card.card_id, masked_card_token: mask(card.number), balance: card.balance } : undefined;
};

/**
 * Checks one requested card: a `card_token` is the card number and needs its PIN; a `card_id` must
 * be one the merchant listed for this customer (`customer.gift_cards["kassa.wallets"]`).
 */
export const findGiftCard = (req: GiftCardRequest, index: number, listedCardIds: readonly string[]): FoundGiftCard => {
  const path = `gift_cards[${index}]`;
  if (req.type.endsWith('.card_id')) {
    const card = listedCardIds.includes(req.value) ? giftCardById(req.value) : undefined;
    if (!card) throw invalid(`${path}.value`, 'This gift card is not one of your saved cards');
    if (card.balance <= 0) throw invalid(`${path}.value`, 'This gift card has no balance left');
    return card;
  }
  const number = req.value.replace(/[\s-]/g, '');
  const card = SANDBOX_GIFT_CARDS.find((c) => c.number === number);
  if (!card) throw invalid(`${path}.value`, 'The gift card number is not valid');
  if (req.pin === undefined || req.pin === '') throw invalid(`${path}.pin`, 'Enter the PIN of the gift card');
  if (req.pin !== card.pin) throw invalid(`${path}.pin`, 'The PIN does not match the gift card');
  if (card.balance <= 0) throw invalid(`${path}.value`, 'This gift card has no balance left');
  return { card_id: card.card_id, masked_card_token: mask(card.number), balance: card.balance };
};
