import { createHash, timingSafeEqual } from 'node:crypto';
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
export type SandboxGiftCard = (typeof SANDBOX_GIFT_CARDS)[number];

/** The one answer to an unknown card number or token and to a wrong PIN: no oracle for which exist (ADR 030). */
export const WRONG_NUMBER_OR_PIN = 'The gift card number or PIN is not valid';

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
const invalid = (path: string, message: string) =>
  new AppError('GIFT_CARD_INVALID', message, { errors: [{ path, message }] });

/** A known card by id (re-pricing an order looks the balance up again). */
export const giftCardById = (cardId: string): FoundGiftCard | undefined => {
  const card = SANDBOX_GIFT_CARDS.find((c) => c.card_id === cardId);
  return card ? { card_id: card.card_id, masked_card_token: mask(card.number), balance: card.balance } : undefined;
};

/** The test card with this number (spaces and dashes ignored). */
export const sandboxCardByNumber = (value: string): SandboxGiftCard | undefined =>
  SANDBOX_GIFT_CARDS.find((c) => c.number === value.replace(/[\s-]/g, ''));

/** Whether `pin` is the card's PIN: one constant-time compare, with or without a card (ADR 030). */
export const sandboxPinMatches = (card: SandboxGiftCard | undefined, pin: string): boolean => {
  const given = createHash('sha256').update(pin).digest();
  const expected = createHash('sha256')
    .update(card?.pin ?? '')
    .digest();
  return timingSafeEqual(given, expected) && card !== undefined;
};

export const foundSandboxCard = (card: SandboxGiftCard): FoundGiftCard => ({
  card_id: card.card_id,
  masked_card_token: mask(card.number),
  balance: card.balance,
});

/**
 * Checks one requested card: a `card_token` is the card number, whose PIN the checkout's credential
 * check has already compared (`checked`: the card it found; server/wallets/check-gift-card-credentials.ts);
 * a `card_id` must be one the merchant listed for this customer (`customer.gift_cards["kassa.wallets"]`).
 */
export const findGiftCard = (
  req: GiftCardRequest,
  index: number,
  listedCardIds: readonly string[],
  checked?: FoundGiftCard,
): FoundGiftCard => {
  const path = `gift_cards[${index}]`;
  if (req.type.endsWith('.card_id')) {
    const card = listedCardIds.includes(req.value) ? giftCardById(req.value) : undefined;
    if (!card) throw invalid(`${path}.value`, 'This gift card is not one of your saved cards');
    if (card.balance <= 0) throw invalid(`${path}.value`, 'This gift card has no balance left');
    return card;
  }
  if (!checked) throw invalid(`${path}.value`, WRONG_NUMBER_OR_PIN);
  if (checked.balance <= 0) throw invalid(`${path}.value`, 'This gift card has no balance left');
  return checked;
};
