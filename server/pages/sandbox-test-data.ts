import { SANDBOX_CARDS } from '../providers/sandbox/card';
import { SANDBOX_GIFT_CARDS } from '../providers/sandbox/sandbox-gift-cards';

/**
 * The sandbox's test cards and gift cards, for the API docs (app/docs/test-cards): the numbers come
 * from the sandbox itself, so the page cannot list one it does not know (and a new card without its
 * result here fails the type check).
 */
const RESULTS: Record<keyof typeof SANDBOX_CARDS, string> = {
  approve: 'approved',
  decline: 'declined: card_declined (permanent)',
  insufficientFunds: 'declined: insufficient_funds (the customer may try again)',
  expired: 'declined: expired_card (permanent), whatever expiry is typed',
  lost: 'declined: lost_card (permanent); the page says only that the bank declined',
  stolen: 'declined: stolen_card (permanent); the page says only that the bank declined',
  onHold: 'approved for review: ON_HOLD when configuration.enable_on_hold is true, else approved',
  challenge:
    '3-D Secure: the sandbox bank’s page; Complete approves, Fail returns with payment_error=authentication_failed',
  challengeThenDecline: '3-D Secure, then the issuer declines even after Complete (card_declined)',
  domestic: 'approved; issued in Norway (card.region domestic for a Norwegian merchant)',
  eea: 'approved; issued in Sweden (card.region eea)',
  eeaUk: 'approved; issued in the United Kingdom (card.region eea-uk)',
  europe: 'approved; issued in Switzerland (card.region europe)',
  inter: 'approved; issued in the United States (card.region inter)',
  commercial: 'approved; a commercial MasterCard (card.product_platform commercial)',
};

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export const sandboxTestCards = (): { number: string; result: string }[] =>
  (Object.keys(RESULTS) as (keyof typeof SANDBOX_CARDS)[]).map((key) => ({
    number: grouped(SANDBOX_CARDS[key]),
    result: RESULTS[key],
  }));

/** Balances in minor units of the session's currency. */
export const sandboxGiftCards = () =>
  SANDBOX_GIFT_CARDS.map((c) => ({ number: grouped(c.number), pin: c.pin, balance: c.balance, cardId: c.card_id }));
