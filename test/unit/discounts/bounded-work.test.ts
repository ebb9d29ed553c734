/**
 * Issue 24 item 5 (ADR 031): the indexed matchers answer exactly as the plain matcher, the engine in steps gives
 * exactly applyDiscounts' receipt and pauses between rules and items, the answer written in steps is exactly
 * JSON.stringify's, and the work budget per receipt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { worstCaseReceipt, worstCaseRules } from '../../../bench/discount-worst-case';
import {
  applyDiscounts,
  evaluateDiscounts,
  runToEnd,
  type DiscountRule,
  type ItemMatcher,
  type Receipt,
  type ReceiptItem,
} from '../../../domain/discounts';
import { anyMatches, anyNamedMatches, firstMatchingEntry } from '../../../domain/discounts/matcher-index';
import { isWildcard, matchesAny } from '../../../domain/discounts/matchers';
import { matcherCount, MAX_RULE_MATCHERS } from '../../../server/discounts/discount-schemas';
import { receiptJson } from '../../../server/discounts/receipt-json';
import {
  MAX_RULE_ITEM_PAIRS,
  MAX_RULES_PER_RECEIPT,
  rulesAllowed,
  tooMuchWork,
} from '../../../server/discounts/receipt-work-limits';

const value = fc.constantFrom('a', 'b', 'c', 'ANY_ITEM');
const matcherArb: fc.Arbitrary<ItemMatcher> = fc.record(
  { id: value, group_id: fc.constantFrom('g1', 'g2', 'g3'), barcode: fc.constantFrom('1', '2') },
  { requiredKeys: [] },
);
const itemArb: fc.Arbitrary<ReceiptItem> = fc.record(
  {
    id: value,
    barcode: fc.constantFrom('1', '2'),
    groups: fc.array(fc.record({ id: fc.constantFrom('g1', 'g2', 'g3') }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe('indexed matchers', () => {
  it('match exactly as matchesAny, with or without wildcards, and find the first matching entry', () => {
    fc.assert(
      fc.property(fc.array(fc.array(matcherArb, { maxLength: 6 }), { maxLength: 5 }), itemArb, (lists, item) => {
        for (const list of lists) {
          expect(anyMatches(list, item)).toBe(matchesAny(list, item));
          expect(anyNamedMatches(list, item)).toBe(
            matchesAny(
              list.filter((m) => !isWildcard(m)),
              item,
            ),
          );
        }
        const entries = lists.map((items) => ({ items }));
        expect(firstMatchingEntry(entries, item)).toBe(entries.findIndex((e) => matchesAny(e.items, item)));
      }),
      { numRuns: 2000 },
    );
  });
});

const worst = (rules: number, items: number) => ({
  rules: worstCaseRules(rules).map((r, n) => ({
    id: `r${String(n).padStart(3, '0')}`,
    ...r,
  })) as unknown as DiscountRule[],
  receipt: worstCaseReceipt(items) as unknown as Receipt,
});

describe('the engine in steps', () => {
  it('gives applyDiscounts’ receipt and pauses at least once per rule and per item', () => {
    const { rules, receipt } = worst(20, 60);
    const steps = evaluateDiscounts(receipt, rules);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(step.value).toEqual(applyDiscounts(receipt, rules));
    expect(step.value.discounts!.length).toBeGreaterThan(0);
    expect(pauses).toBeGreaterThanOrEqual(rules.length * 2 + receipt.items!.length);
  });

  it('writes the answer in steps, exactly as JSON.stringify', () => {
    const { rules, receipt } = worst(12, 40);
    const answer = { ...applyDiscounts(receipt, rules), left_out: undefined, customer: { name: 'Å' } } as Record<
      string,
      unknown
    >;
    expect(runToEnd(receiptJson(answer))).toBe(JSON.stringify(answer));
    expect(runToEnd(receiptJson({}))).toBe('{}');
    expect(runToEnd(receiptJson({ items: [], discounts: [] }))).toBe('{"items":[],"discounts":[]}');
  });
});

describe('the work budget', () => {
  it('allows at most MAX_RULE_ITEM_PAIRS rule-item pairs and MAX_RULES_PER_RECEIPT rules', () => {
    expect(rulesAllowed(500)).toBe(MAX_RULE_ITEM_PAIRS / 500);
    expect(rulesAllowed(1000)).toBe(50);
    expect(rulesAllowed(0)).toBe(MAX_RULES_PER_RECEIPT);
    expect(rulesAllowed(10)).toBe(MAX_RULES_PER_RECEIPT);
    for (const items of [1, 7, 250, 251, 333, 999, 1000])
      expect(rulesAllowed(items) * Math.max(items, 1)).toBeLessThanOrEqual(MAX_RULE_ITEM_PAIRS);
    expect(tooMuchWork(1000, 51).errors).toEqual([
      { path: 'items', message: 'at most 980 items with 51 or more rules (50000 rule-item pairs)', code: 'too_big' },
    ]);
    expect(tooMuchWork(10, MAX_RULES_PER_RECEIPT + 1).message).toMatch(
      `at most ${MAX_RULES_PER_RECEIPT} are evaluated`,
    );
  });

  it('counts every item matcher of a rule', () => {
    const m = [{ id: 'x' }];
    expect(
      matcherCount({
        requirement: { item: { items: m, mixes: [{ items: [...m, ...m] }] } },
        reward: { values: [{ items: m }] },
        limitation: { blacklist: m },
      }),
    ).toBe(5);
    expect(worstCaseRules(10).every((r) => matcherCount(r as never) <= MAX_RULE_MATCHERS)).toBe(true);
  });
});
