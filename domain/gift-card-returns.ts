/**
 * What a payment's gift cards get back when it is voided or refunded (ADR 015). A payment's tenders
 * are filled in the order they were applied: the gift cards first (their money was taken when the
 * payment was authorized), then the payment card. Captures fill them in that order; refunds undo
 * captures in reverse (the payment card's part first, then the gift cards'); a void releases what
 * no capture took, which is the gift cards' part only while captures have not reached it.
 */
export interface SettledAmounts {
  captured: number;
  refunded: number;
  voided: number;
}

/** The total the gift cards (`giftTotal` drawn from them) are owed back after these amounts. */
export const giftCardsOwed = (giftTotal: number, a: SettledAmounts): number => {
  const giftCaptured = Math.min(a.captured, giftTotal);
  const giftVoided = Math.min(a.voided, giftTotal - giftCaptured);
  const cardCaptured = a.captured - giftCaptured;
  const giftRefunded = Math.min(Math.max(a.refunded - cardCaptured, 0), giftCaptured);
  return giftVoided + giftRefunded;
};

export interface CardShare {
  key: string;
  /** Drawn from the card by the payment, less what it got back already. */
  open: number;
}

/** `amount` split over the cards, the last applied first, each up to its open share. */
export const splitReturn = (amount: number, cards: readonly CardShare[]): { key: string; amount: number }[] => {
  const parts: { key: string; amount: number }[] = [];
  let left = amount;
  for (const card of [...cards].reverse()) {
    const part = Math.min(left, card.open);
    if (part > 0) parts.push({ key: card.key, amount: part });
    left -= part;
  }
  return parts;
};
