import { describe, expect, it } from 'vitest';
import { giftCardsOwed, splitReturn } from '../../../domain/gift-card-returns';

const none = { captured: 0, refunded: 0, voided: 0 };

describe('giftCardsOwed: gift cards first on capture, last on refund', () => {
  it('owes nothing while the payment is open or captured', () => {
    expect(giftCardsOwed(1_100, none)).toBe(0);
    expect(giftCardsOwed(1_100, { ...none, captured: 500 })).toBe(0);
    expect(giftCardsOwed(1_100, { ...none, captured: 4_000 })).toBe(0);
  });
  it('a void gives back the part no capture took', () => {
    expect(giftCardsOwed(1_100, { ...none, voided: 4_000 })).toBe(1_100);
    expect(giftCardsOwed(1_100, { captured: 700, refunded: 0, voided: 3_300 })).toBe(400);
    expect(giftCardsOwed(1_100, { captured: 1_500, refunded: 0, voided: 2_500 })).toBe(0);
  });
  it('refunds reach the gift cards only past what the payment card paid', () => {
    const captured = 4_000; // 1,100 gift, 2,900 card
    expect(giftCardsOwed(1_100, { captured, refunded: 2_900, voided: 0 })).toBe(0);
    expect(giftCardsOwed(1_100, { captured, refunded: 3_000, voided: 0 })).toBe(100);
    expect(giftCardsOwed(1_100, { captured, refunded: 4_000, voided: 0 })).toBe(1_100);
    expect(giftCardsOwed(1_100, { captured: 700, refunded: 700, voided: 3_300 })).toBe(1_100);
  });
  it('never owes more than was drawn, whatever the amounts', () => {
    for (let captured = 0; captured <= 40; captured += 5)
      for (let refunded = 0; refunded <= captured; refunded += 5)
        for (const voided of [0, 40 - captured]) {
          const owed = giftCardsOwed(11, { captured, refunded, voided });
          expect(owed).toBeGreaterThanOrEqual(0);
          expect(owed).toBeLessThanOrEqual(11);
        }
  });
});

describe('splitReturn', () => {
  it('fills the last card applied first, each up to its open share', () => {
    const cards = [
      { key: 'a', open: 500 },
      { key: 'b', open: 600 },
    ];
    expect(splitReturn(100, cards)).toEqual([{ key: 'b', amount: 100 }]);
    expect(splitReturn(700, cards)).toEqual([
      { key: 'b', amount: 600 },
      { key: 'a', amount: 100 },
    ]);
    expect(splitReturn(5_000, cards)).toEqual([
      { key: 'b', amount: 600 },
      { key: 'a', amount: 500 },
    ]);
    expect(splitReturn(0, cards)).toEqual([]);
  });
});
