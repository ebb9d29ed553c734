/**
 * Worked examples: each row is a receipt, the rules given to it and the discount per line_id the engine must
 * write, with a one-line reason that can be checked by hand. Amounts are minor units (øre).
 */
import { describe, expect, it } from 'vitest';
import { applyDiscounts, type DiscountRule, type EngineContext, type Receipt } from '../../../domain/discounts';
import { bonusTotal, discountByLine, item, receipt, rule } from './helpers';

interface Example {
  reason: string;
  receipt: Receipt;
  rules: DiscountRule[];
  lines: Record<number, number>;
  bonus?: number;
  context?: EngineContext;
}

const pct = (value: number, extra: object = {}) => ({ type: 'discount_percent' as const, value, ...extra });
const amt = (value: number, extra: object = {}) => ({ type: 'discount_amount' as const, value, ...extra });
const threeForTwo = { type: 'discount_item_quantity' as const, value: 1 };
const one = (gross: number) => receipt([item(1, 'a', gross)]);
const ab = receipt([item(1, 'a', 1000), item(2, 'b', 1000)]);
/** A mix deal: one burger and one drink for 110. */
const burgerAndDrinkFor110 = () =>
  rule(
    'x',
    { type: 'discount_mix_new_price', value: 110 },
    {
      item: {
        mixes: [
          { items: [{ id: 'burger' }], quantity: 1 },
          { items: [{ id: 'drink' }], quantity: 1 },
        ],
      },
    },
  );

const examples: Example[] = [
  { reason: '10 % of 1000 is 100', receipt: one(1000), rules: [rule('p', pct(10))], lines: { 1: 100 } },
  {
    reason: '10 % of 995 is 99.5, rounded half up to 100',
    receipt: one(995),
    rules: [rule('p', pct(10))],
    lines: { 1: 100 },
  },
  { reason: '10 % of 994 is 99.4, rounded to 99', receipt: one(994), rules: [rule('p', pct(10))], lines: { 1: 99 } },
  { reason: '12.5 % of 1000 is exactly 125', receipt: one(1000), rules: [rule('p', pct(12.5))], lines: { 1: 125 } },
  {
    reason: '300 off lines of 100 and 200 splits 100/200 by gross',
    receipt: receipt([item(1, 'a', 100), item(2, 'b', 200)]),
    rules: [rule('m', amt(300))],
    lines: { 1: 100, 2: 200 },
  },
  {
    reason: '100 off three lines of 100: 33 each, the spare unit to the lowest line_id',
    receipt: receipt([item(1, 'a', 100), item(2, 'b', 100), item(3, 'c', 100)]),
    rules: [rule('m', amt(100))],
    lines: { 1: 34, 2: 33, 3: 33 },
  },
  {
    reason: 'same as above with the items listed 3, 1, 2: still line 1 gets the spare unit',
    receipt: receipt([item(3, 'c', 100), item(1, 'a', 100), item(2, 'b', 100)]),
    rules: [rule('m', amt(100))],
    lines: { 1: 34, 2: 33, 3: 33 },
  },
  {
    reason: '5000 off a 1000 receipt gives at most 1000',
    receipt: one(1000),
    rules: [rule('m', amt(5000))],
    lines: { 1: 1000 },
  },
  {
    reason: 'an item with eligible_for_discount false gets nothing',
    receipt: receipt([item(1, 'a', 1000), item(2, 'b', 1000, { eligible_for_discount: false })]),
    rules: [rule('p', pct(10))],
    lines: { 1: 100 },
  },
  {
    reason: 'a voided item gets nothing',
    receipt: receipt([item(1, 'a', 1000), item(2, 'b', 1000, { voided: true })]),
    rules: [rule('p', pct(10))],
    lines: { 1: 100 },
  },
  {
    reason: 'a return item gets nothing',
    receipt: receipt([item(1, 'a', 1000), item(2, 'b', 1000, { is_return_item: true })]),
    rules: [rule('p', pct(10))],
    lines: { 1: 100 },
  },
  {
    reason: 'bought before purchase_from: no discount',
    receipt: one(1000),
    rules: [rule('p', pct(10), { purchase_from: '2026-07-01T00:00:00Z' })],
    lines: {},
  },
  {
    reason: 'bought exactly at purchase_to: the window has ended',
    receipt: one(1000),
    rules: [rule('p', pct(10), { purchase_to: '2026-06-15T12:00:00.000Z' })],
    lines: {},
  },
  {
    reason: 'store S1 is not in store_ids [S2]',
    receipt: one(1000),
    rules: [rule('p', pct(10), { store_ids: ['S2'] })],
    lines: {},
  },
  {
    reason: 'store S1 is in store_ids [S1, S2]',
    receipt: one(1000),
    rules: [rule('p', pct(10), { store_ids: ['S1', 'S2'] })],
    lines: { 1: 100 },
  },
  {
    reason: 'currencies [SEK] does not accept NOK',
    receipt: one(1000),
    rules: [rule('p', pct(10), { currencies: ['SEK'] })],
    lines: {},
  },
  {
    reason: 'anything-but NOK accepts SEK',
    receipt: receipt([item(1, 'a', 1000)], { currency: 'SEK' }),
    rules: [rule('p', pct(10), { currencies: [{ 'anything-but': ['NOK'] }] })],
    lines: { 1: 100 },
  },
  {
    reason: 'anything-but NOK refuses NOK',
    receipt: one(1000),
    rules: [rule('p', pct(10), { currencies: [{ 'anything-but': ['NOK'] }] })],
    lines: {},
  },
  {
    reason: 'gross_amount 2000 needed, receipt is 1500',
    receipt: one(1500),
    rules: [rule('p', pct(10), { gross_amount: 2000 })],
    lines: {},
  },
  {
    reason: 'discount code SUMMER matches "summer" on the receipt',
    receipt: receipt([item(1, 'a', 1000)], { discount_code: ['summer'] }),
    rules: [rule('p', pct(10), { discount_code: 'SUMMER' })],
    lines: { 1: 100 },
  },
  {
    reason: 'discount code SUMMER is not on the receipt',
    receipt: one(1000),
    rules: [rule('p', pct(10), { discount_code: 'SUMMER' })],
    lines: {},
  },
  {
    reason: 'customer gender female is accepted',
    receipt: receipt([item(1, 'a', 1000)], { customer: { gender: 'female' } }),
    rules: [rule('p', pct(10), { customer: { gender: ['female'] } })],
    lines: { 1: 100 },
  },
  {
    reason: 'customer gender male is not accepted',
    receipt: receipt([item(1, 'a', 1000)], { customer: { gender: 'male' } }),
    rules: [rule('p', pct(10), { customer: { gender: ['female'] } })],
    lines: {},
  },
  {
    reason: '5 stamps needed, the customer has 3: this purchase adds the 4th, no reward',
    receipt: one(1000),
    rules: [rule('p', pct(10), { stamp: { quantity: 5 } })],
    lines: {},
    context: { stamps: { p: 3 } },
  },
  {
    reason: '5 stamps needed, the customer has 4: this purchase completes the card',
    receipt: one(1000),
    rules: [rule('p', pct(10), { stamp: { quantity: 5 } })],
    lines: { 1: 100 },
    context: { stamps: { p: 4 } },
  },
  {
    reason: 'stamp: 1 (a plain number) completes on every purchase',
    receipt: one(1000),
    rules: [rule('p', pct(10), { stamp: 1 })],
    lines: { 1: 100 },
  },
  {
    reason: '20 % off item a only: 200 on line 1',
    receipt: ab,
    rules: [rule('p', pct(20), { item: { items: [{ id: 'a' }] } })],
    lines: { 1: 200 },
  },
  {
    reason: '20 % off group G2: only the item in G2',
    receipt: receipt([item(1, 'a', 1000, { groups: [{ id: 'G1' }] }), item(2, 'b', 500, { groups: [{ id: 'G2' }] })]),
    rules: [rule('p', pct(20), { item: { items: [{ group_id: 'G2' }] } })],
    lines: { 2: 100 },
  },
  {
    reason: '20 % off barcode 7040: only that item',
    receipt: receipt([item(1, 'a', 1000, { barcode: '7040' }), item(2, 'b', 500)]),
    rules: [rule('p', pct(20), { item: { items: [{ barcode: '7040' }] } })],
    lines: { 1: 200 },
  },
  {
    reason: 'quantity 2 of item a needed, only 1 bought',
    receipt: ab,
    rules: [rule('p', pct(20), { item: { quantity: 2, items: [{ id: 'a' }] } })],
    lines: {},
  },
  {
    reason: '3 for 2 on one line of 3 × 100: one unit free',
    receipt: receipt([item(1, 'a', 300, { quantity: 3 })]),
    rules: [rule('q', threeForTwo, { item: { quantity: 3, items: [{ id: 'a' }] } })],
    lines: { 1: 100 },
  },
  {
    reason: '3 for 2 on 300, 200, 100: the cheapest (100) is free',
    receipt: receipt([item(1, 'a', 300), item(2, 'b', 200), item(3, 'c', 100)]),
    rules: [rule('q', threeForTwo, { item: { quantity: 3, items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] } })],
    lines: { 3: 100 },
  },
  {
    reason: '3 for 2 with 7 units of 100: two whole groups, two free',
    receipt: receipt([item(1, 'a', 700, { quantity: 7 })]),
    rules: [rule('q', threeForTwo, { item: { quantity: 3, items: [{ id: 'a' }] } })],
    lines: { 1: 200 },
  },
  {
    reason: '3 for 2 with 6 units but discount_repeat_usage 1: one free',
    receipt: receipt([item(1, 'a', 600, { quantity: 6 })]),
    rules: [rule('q', threeForTwo, { item: { quantity: 3, items: [{ id: 'a' }] } }, { discount_repeat_usage: 1 })],
    lines: { 1: 100 },
  },
  {
    reason: 'new price 150 each for 2 × 250: 500 − 300 = 200 off',
    receipt: receipt([item(1, 'a', 500, { quantity: 2 })]),
    rules: [rule('n', { type: 'discount_item_new_price', value: 150 }, { item: { items: [{ id: 'a' }] } })],
    lines: { 1: 200 },
  },
  {
    reason: 'new price 600 above the price 500: nothing',
    receipt: one(500),
    rules: [rule('n', { type: 'discount_item_new_price', value: 600 }, { item: { items: [{ id: 'a' }] } })],
    lines: {},
  },
  {
    reason: '50 % off the cheapest matching item (100 of 300 and 100): 50',
    receipt: receipt([item(1, 'a', 300), item(2, 'b', 100)]),
    rules: [rule('i', { type: 'discount_item_percent', value: 50 }, { item: { items: [{ id: 'a' }, { id: 'b' }] } })],
    lines: { 2: 50 },
  },
  {
    reason:
      'burger 100 + drink 30 for 110: 20 off, 20×100/130 = 15.4 and 4.6, spare unit to the larger remainder: 15/5',
    receipt: receipt([item(1, 'burger', 100), item(2, 'drink', 30)]),
    rules: [burgerAndDrinkFor110()],
    lines: { 1: 15, 2: 5 },
  },
  {
    reason: 'mix deal without the drink: nothing',
    receipt: receipt([item(1, 'burger', 100)]),
    rules: [burgerAndDrinkFor110()],
    lines: {},
  },
  {
    reason: 'debit 1000 on a 600 receipt uses 600',
    receipt: one(600),
    rules: [rule('d', { type: 'discount_debit', value: 1000 })],
    lines: { 1: 600 },
  },
  {
    reason: '10 % on net after a manual 200 off 1000: 80',
    receipt: receipt([item(1, 'a', 1000, { discount_lines: [{ amount: 200, discount_type: 'manual' }] })]),
    rules: [rule('p', pct(10, { base: 'net' }))],
    lines: { 1: 280 },
  },
  {
    reason: '10 % on gross with a manual 200 off 1000: still 100',
    receipt: receipt([item(1, 'a', 1000, { discount_lines: [{ amount: 200, discount_type: 'manual' }] })]),
    rules: [rule('p', pct(10))],
    lines: { 1: 300 },
  },
  {
    reason: '10 % as bonus: 100 bonus, no discount',
    receipt: one(1000),
    rules: [rule('b', pct(10, { effect: 'bonus' }))],
    lines: {},
    bonus: 100,
  },
  {
    reason: 'Mon 07:30Z on 2026-03-30 is 09:30 in Oslo (summer time): inside 09:00-17:00',
    receipt: receipt([item(1, 'a', 1000)], { purchase_at: '2026-03-30T07:30:00Z' }),
    rules: [
      rule(
        'h',
        pct(10),
        {},
        { discount_hours: { timezone: 'Europe/Oslo', hours: [{ day: 'mon', start: '09:00', end: '17:00' }] } },
      ),
    ],
    lines: { 1: 100 },
  },
  {
    reason: 'Mon 07:30Z on 2026-03-23 is 08:30 in Oslo (winter time): before 09:00',
    receipt: receipt([item(1, 'a', 1000)], { purchase_at: '2026-03-23T07:30:00Z' }),
    rules: [
      rule(
        'h',
        pct(10),
        {},
        { discount_hours: { timezone: 'Europe/Oslo', hours: [{ day: 'mon', start: '09:00', end: '17:00' }] } },
      ),
    ],
    lines: {},
  },
  {
    reason: '10 % combinable vs 20 % not combinable: 20 % alone is worth more',
    receipt: one(1000),
    rules: [rule('a', pct(10)), rule('b', pct(20), {}, { discount_combination: 0 })],
    lines: { 1: 200 },
  },
  {
    reason: '30 % + 10 % combinable (400) beat 20 % alone (200)',
    receipt: one(1000),
    rules: [rule('a', pct(30)), rule('c', pct(10)), rule('b', pct(20), {}, { discount_combination: 0 })],
    lines: { 1: 400 },
  },
  {
    reason: 'item 100 off a, then 10 % of the receipt net: 100 + 190',
    receipt: ab,
    rules: [rule('z', pct(10, { base: 'net' })), rule('y', amt(100), { item: { items: [{ id: 'a' }] } })],
    lines: { 1: 190, 2: 100 },
  },
  {
    reason: 'no_discount eligibility skips the manually discounted line',
    receipt: receipt([
      item(1, 'a', 1000, { discount_lines: [{ amount: 1, discount_type: 'manual' }] }),
      item(2, 'b', 1000),
    ]),
    rules: [rule('p', pct(10), {}, { discount_eligible: 'item_eligible_for_discount_no_discount' })],
    lines: { 1: 1, 2: 100 },
  },
  {
    reason: 'receipt_no_discount: a manual discount anywhere stops the rule',
    receipt: receipt([
      item(1, 'a', 1000, { discount_lines: [{ amount: 1, discount_type: 'manual' }] }),
      item(2, 'b', 1000),
    ]),
    rules: [rule('p', pct(10), {}, { discount_eligible: 'receipt_no_discount' })],
    lines: { 1: 1 },
  },
  {
    reason: 'blacklisted group TOB gets nothing',
    receipt: receipt([item(1, 'a', 1000), item(2, 'cig', 1000, { groups: [{ id: 'TOB' }] })]),
    rules: [rule('p', pct(10), {}, { blacklist: [{ group_id: 'TOB' }] })],
    lines: { 1: 100 },
  },
  {
    reason: 'values: 10 % on a, 50 % on b',
    receipt: ab,
    rules: [
      rule('p', pct(10, { values: [{ items: [{ id: 'b' }], value: 50 }] }), {
        item: { items: [{ id: 'a' }, { id: 'b' }] },
      }),
    ],
    lines: { 1: 100, 2: 500 },
  },
  {
    reason: '50 off per 2 of item a, 4 bought: twice, 100',
    receipt: receipt([item(1, 'a', 1000, { quantity: 4 })]),
    rules: [rule('m', amt(50), { item: { quantity: 2, items: [{ id: 'a' }] } })],
    lines: { 1: 100 },
  },
  {
    reason: 'an inactive rule gives nothing',
    receipt: one(1000),
    rules: [{ ...rule('p', pct(10)), active: false }],
    lines: {},
  },
  {
    reason: 'reward usage 3, 1 used: 2 of the 4 units of 100 each get 50 off',
    receipt: receipt([item(1, 'a', 400, { quantity: 4 })]),
    rules: [rule('q', amt(50), { item: { quantity: 1, items: [{ id: 'a' }] } }, { discount_reward_usage: 3 })],
    lines: { 1: 100 },
    context: { used: { q: 1 } },
  },
  {
    reason: 'reward usage 2, 2 used: nothing left',
    receipt: one(1000),
    rules: [rule('q', amt(50), {}, { discount_reward_usage: 2 })],
    lines: {},
    context: { used: { q: 2 } },
  },
  {
    reason: 'reward usage without a customer (no used counts): no limit',
    receipt: one(1000),
    rules: [rule('q', amt(50), {}, { discount_reward_usage: 0 })],
    lines: { 1: 50 },
  },
  {
    reason: 'repeat usage 1 is below the 3 reward uses left: once',
    receipt: receipt([item(1, 'a', 400, { quantity: 4 })]),
    rules: [
      rule(
        'q',
        amt(50),
        { item: { quantity: 1, items: [{ id: 'a' }] } },
        { discount_reward_usage: 3, discount_repeat_usage: 1 },
      ),
    ],
    lines: { 1: 50 },
    context: { used: {} },
  },
];

describe('discount engine: worked examples', () => {
  it('has at least 30 examples', () => expect(examples.length).toBeGreaterThanOrEqual(30));

  for (const ex of examples) {
    it(ex.reason, () => {
      const out = applyDiscounts(ex.receipt, ex.rules, ex.context);
      const manual = (out.items ?? []).flatMap((i) =>
        (i.discount_lines ?? [])
          .filter((l) => l.discount_type !== 'customer')
          .map((l) => [i.line_id ?? 0, l.amount] as const),
      );
      const total: Record<number, number> = { ...discountByLine(out) };
      for (const [id, amount] of manual) total[id] = (total[id] ?? 0) + amount;
      expect(total).toEqual(ex.lines);
      expect(bonusTotal(out)).toBe(ex.bonus ?? 0);
      const sumLines = Object.values(ex.lines).reduce((a, b) => a + b, 0);
      expect(out.total_discount).toBe(sumLines);
      expect(out.net_amount).toBe((out.gross_amount ?? 0) - sumLines);
    });
  }

  it('reports the unused part of a debit', () => {
    const out = applyDiscounts(one(600), [rule('d', { type: 'discount_debit', value: 1000 })]);
    expect(out.discounts?.[0]?.refs[0]?.statistics).toEqual({ amount: 600, bonus: 0, usage: 1, debit_balance: 400 });
  });

  it('writes the decimal strings in the currency exponent', () => {
    expect(applyDiscounts(receipt([item(1, 'a', 1005)], { currency: 'JPY' }), []).gross_amount_dwh).toBe('1005');
    expect(applyDiscounts(receipt([item(1, 'a', 1005)], { currency: 'BHD' }), []).net_amount_dwh).toBe('1.005');
    const out = applyDiscounts(one(1000), [rule('p', pct(10))]);
    expect([out.gross_amount_dwh, out.net_amount_dwh, out.amount_due_dwh, out.items?.[0]?.net_amount_dwh]).toEqual([
      '10.00',
      '9.00',
      '9.00',
      '9.00',
    ]);
  });
});

describe('the worked receipt of docs/discounts.md', () => {
  it('3 for 2 on coffee, then 10 % of the net on the eligible lines', () => {
    const r = receipt([
      item(1, 'coffee', 10500, { quantity: 3 }),
      item(2, 'bun', 2995),
      item(3, 'newspaper', 4900, { eligible_for_discount: false }),
    ]);
    const out = applyDiscounts(r, [
      rule('member-10', pct(10, { base: 'net' })),
      rule('coffee-3for2', threeForTwo, { item: { quantity: 3, items: [{ id: 'coffee' }] } }),
    ]);
    expect(out.items?.map((i) => (i.discount_lines ?? []).map((l) => [l.discount_id, l.amount]))).toEqual([
      [
        ['coffee-3for2', 3500],
        ['member-10', 700],
      ],
      [['member-10', 300]],
      [],
    ]);
    expect([out.gross_amount, out.total_discount, out.net_amount, out.amount_due, out.amount_due_dwh]).toEqual([
      18395,
      4500,
      13895,
      13895,
      '138.95',
    ]);
    expect(out.items?.map((i) => i.net_amount)).toEqual([6300, 2695, 4900]);
  });
});
