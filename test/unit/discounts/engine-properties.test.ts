/**
 * Properties of the discount engine over random receipts and rules (fast-check): the discount never exceeds
 * the eligible gross, each discount's line amounts sum exactly to its amount, item and rule order do not
 * matter, and applying the engine twice gives the same receipt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  type DiscountRule,
  type Receipt,
  type ReceiptItem,
  type RewardType,
} from '../../../domain/discounts';
import { receipt, rule } from './helpers';

const ids = ['a', 'b', 'c', 'd'];
const rewardTypes: RewardType[] = [
  'discount_amount',
  'discount_percent',
  'discount_item_new_price',
  'discount_item_quantity',
  'discount_item_percent',
  'discount_mix_new_price',
  'discount_debit',
];

const itemArb = fc.record({
  id: fc.constantFrom(...ids),
  group: fc.constantFrom('G1', 'G2'),
  quantity: fc.integer({ min: 1, max: 5 }),
  gross: fc.integer({ min: 1, max: 200_000 }),
  ineligible: fc.boolean(),
  voided: fc.boolean(),
  ret: fc.boolean(),
  manual: fc.constantFrom(0, 0, 0, 0, 10, 50, 100),
});

const itemsArb = fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }).chain((lineIds) =>
  fc.tuple(...lineIds.map(() => itemArb)).map((raw) =>
    raw.map((r, i): ReceiptItem => ({
      line_id: lineIds[i],
      id: r.id,
      groups: [{ id: r.group }],
      quantity: r.quantity,
      gross_amount: r.gross,
      ...(r.ineligible ? { eligible_for_discount: false } : {}),
      ...(r.voided && r.gross % 5 === 0 ? { voided: true } : {}),
      ...(r.ret && r.gross % 7 === 0 ? { is_return_item: true } : {}),
      ...(r.manual > 0
        ? { discount_lines: [{ amount: Math.floor((r.gross * r.manual) / 100), discount_type: 'manual' }] }
        : {}),
    })),
  ),
);

const ruleArb = (n: number) =>
  fc
    .record({
      type: fc.constantFrom(...rewardTypes),
      value: fc.integer({ min: 0, max: 300_000 }),
      percent: fc.integer({ min: 0, max: 1000 }).map((x) => x / 10),
      base: fc.constantFrom('gross' as const, 'net' as const),
      effect: fc.constantFrom('discount' as const, 'discount' as const, 'bonus' as const),
      level: fc.constantFrom('receipt', 'items', 'mixes'),
      match: fc.constantFrom(...ids),
      quantity: fc.integer({ min: 0, max: 4 }),
      combination: fc.constantFrom(-1, -1, 0),
      repeat: fc.constantFrom(-1, 1, 2),
      eligible: fc.constantFrom(
        'item_eligible_for_discount' as const,
        'item_eligible_for_discount' as const,
        'item_eligible_for_discount' as const,
        'item_eligible_for_discount_no_discount' as const,
        'receipt_no_discount' as const,
      ),
    })
    .map((r): DiscountRule => {
      const percentType = r.type === 'discount_percent' || r.type === 'discount_item_percent';
      const value = percentType
        ? r.percent
        : r.type === 'discount_item_quantity'
          ? Math.min(r.quantity, 1 + (r.value % 3))
          : r.value;
      const item =
        r.level === 'receipt'
          ? undefined
          : r.level === 'items'
            ? { quantity: r.quantity, items: [{ id: r.match }] }
            : {
                mixes: [
                  { items: [{ id: r.match }], quantity: 1 },
                  {
                    items: [{ group_id: 'G2' }],
                    quantity: Math.max(r.quantity, 1),
                    reward_eligible: r.quantity % 2 === 0,
                  },
                ],
              };
      return rule(`rule-${n}`, { type: r.type, value, base: r.base, effect: r.effect }, item ? { item } : {}, {
        discount_combination: r.combination,
        discount_repeat_usage: r.repeat,
        discount_eligible: r.eligible,
      });
    });

const rulesArb = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(i))));
const caseArb = fc.record({ items: itemsArb, rules: rulesArb, seed: fc.integer() });

const engineAmount = (i: ReceiptItem): number =>
  (i.discount_lines ?? []).filter((l) => l.discount_type === 'customer').reduce((a, l) => a + l.amount, 0);
const manualAmount = (i: ReceiptItem): number =>
  (i.discount_lines ?? []).filter((l) => l.discount_type !== 'customer').reduce((a, l) => a + l.amount, 0);
const eligible = (i: ReceiptItem): boolean =>
  i.eligible_for_discount !== false && i.voided !== true && i.is_return_item !== true;

const shuffle = <T>(xs: readonly T[], seed: number): T[] => {
  const out = [...xs];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

const byLine = (r: Receipt): Receipt => ({
  ...r,
  items: [...(r.items ?? [])].sort((a, b) => (a.line_id ?? 0) - (b.line_id ?? 0)),
});

describe('discount engine properties', () => {
  it('never discounts more than the eligible gross, and never an ineligible, voided or return item', () => {
    fc.assert(
      fc.property(caseArb, ({ items, rules }) => {
        const out = applyDiscounts(receipt(items), rules);
        for (const i of out.items ?? []) {
          if (!eligible(i)) expect(engineAmount(i)).toBe(0);
          expect(engineAmount(i) + manualAmount(i)).toBeLessThanOrEqual(i.gross_amount ?? 0);
          expect(engineAmount(i)).toBeGreaterThanOrEqual(0);
        }
        const eligibleGross = (out.items ?? []).filter(eligible).reduce((a, i) => a + (i.gross_amount ?? 0), 0);
        expect((out.items ?? []).reduce((a, i) => a + engineAmount(i), 0)).toBeLessThanOrEqual(eligibleGross);
      }),
      { numRuns: 300 },
    );
  });

  it('line discounts sum exactly to each discount amount, and the totals follow from the lines', () => {
    fc.assert(
      fc.property(caseArb, ({ items, rules }) => {
        const out = applyDiscounts(receipt(items), rules);
        for (const d of out.discounts ?? []) {
          const lines = (out.items ?? [])
            .flatMap((i) => [
              ...(i.discount_lines ?? []),
              ...(i.bonus_lines ?? []).map((b) => ({ ...b, amount: b.bonus })),
            ])
            .filter((l) => l.discount_id === d.id);
          const ref = d.refs[0];
          expect(lines.reduce((a, l) => a + l.amount, 0)).toBe((ref?.amount ?? 0) + (ref?.bonus ?? 0));
          expect((ref?.items ?? []).reduce((a, x) => a + x.amount + x.bonus, 0)).toBe(
            (ref?.amount ?? 0) + (ref?.bonus ?? 0),
          );
        }
        const live = (out.items ?? []).filter((i) => i.voided !== true);
        expect(out.gross_amount).toBe(live.reduce((a, i) => a + (i.gross_amount ?? 0), 0));
        expect(out.total_discount).toBe(live.reduce((a, i) => a + engineAmount(i) + manualAmount(i), 0));
        expect(out.net_amount).toBe((out.gross_amount ?? 0) - (out.total_discount ?? 0));
        expect(out.amount_due).toBe(out.net_amount);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the items or the rules', () => {
    fc.assert(
      fc.property(caseArb, ({ items, rules, seed }) => {
        const a = applyDiscounts(receipt(items), rules);
        const b = applyDiscounts(receipt(shuffle(items, seed)), shuffle(rules, seed + 1));
        expect(byLine(b)).toEqual(byLine(a));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same receipt when applied twice', () => {
    fc.assert(
      fc.property(caseArb, ({ items, rules }) => {
        const once = applyDiscounts(receipt(items), rules);
        expect(applyDiscounts(once, rules)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
