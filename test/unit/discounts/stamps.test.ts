import { describe, expect, it } from 'vitest';
import { applyDiscounts, countStamps } from '../../../domain/discounts';
import { item, receipt, rule } from './helpers';

const card = (limitation = {}) =>
  rule('card', { type: 'discount_item_percent', value: 100 }, { stamp: 3, item: { items: [{ id: 'a' }] } }, limitation);
const at = new Date('2026-06-15T12:00:00Z');
const day = (d: number) => `2026-06-${String(d).padStart(2, '0')}T12:00:00Z`;

describe('stamp cards', () => {
  it('counts stamps after the last rewarded claim', () => {
    expect(countStamps(card(), [], at)).toBe(0);
    expect(
      countStamps(
        card(),
        [
          { purchase_at: day(1), rewarded: false },
          { purchase_at: day(2), rewarded: false },
        ],
        at,
      ),
    ).toBe(2);
    const claims = [day(1), day(2)].map((p) => ({ purchase_at: p, rewarded: false }));
    expect(
      countStamps(
        card(),
        [...claims, { purchase_at: day(3), rewarded: true }, { purchase_at: day(4), rewarded: false }],
        at,
      ),
    ).toBe(1);
  });

  it('a rewarded claim redeems every stamp recorded before it, whatever its purchase time', () => {
    const stamps = [day(1), day(2)].map((p) => ({ purchase_at: p, rewarded: false }));
    const claims = [...stamps, { purchase_at: day(10), rewarded: true }];
    expect(countStamps(card(), claims, new Date(day(5)))).toBe(0); // before the reward's purchase: still redeemed
    expect(countStamps(card(), [...claims, { purchase_at: day(3), rewarded: false }], new Date(day(5)))).toBe(1);
  });

  it('stamp_expire_days drops stamps bought more than that many days before the purchase', () => {
    const claims = [day(14), day(1), day(10)].map((p) => ({ purchase_at: p, rewarded: false }));
    expect(countStamps(card({ stamp_expire_days: 5 }), claims, at)).toBe(2); // 10th and 14th are within 5 days of the 15th
    expect(countStamps(card({ stamp_expire_days: -1 }), claims, at)).toBe(3);
  });

  it('reports a purchase that earns a stamp with amount 0, refs[].stamp 1 and the current count', () => {
    const out = applyDiscounts(receipt([item(1, 'a', 1000)]), [card()], { stamps: { card: 1 } });
    expect(out.total_discount).toBe(0);
    expect(out.discounts).toHaveLength(1);
    expect(out.discounts![0]!.refs[0]).toMatchObject({ stamp: 1, amount: 0, usage: 0, statistics: { stamp: 1 } });
  });

  it('the purchase that completes the card gets the reward: refs[].stamp 0, statistics.stamp the count before it', () => {
    const out = applyDiscounts(receipt([item(1, 'a', 1000)]), [card()], { stamps: { card: 2 } });
    expect(out.total_discount).toBe(1000);
    expect(out.discounts![0]!.refs[0]).toMatchObject({ stamp: 0, amount: 1000, usage: 1, statistics: { stamp: 2 } });
  });

  it('a purchase that misses another requirement earns no stamp', () => {
    const out = applyDiscounts(receipt([item(1, 'b', 1000)]), [card()], { stamps: { card: 1 } });
    expect(out.discounts ?? []).toEqual([]);
  });
});
