/**
 * The discount engine: applyDiscounts(receipt, rules) returns the receipt with `discounts` and item
 * `discount_lines`/`bonus_lines` for the rules that apply, and every total recomputed. Pure and deterministic:
 * items are handled by line_id, rules by level and id, so neither input order matters; discount lines of the
 * given rules already on the receipt are removed first, so applying twice gives the same receipt. Work grows with
 * rules × items (matchers are indexed once per rule: matcher-index.ts); `evaluateDiscounts` pauses between steps.
 */
import { bestCombination } from './combination';
import { toLines } from './lines';
import { withinRewardUsage } from './reward-usage';
import { ruleApplies } from './rule-filter';
import { completesCard, stampCollectors } from './stamps';
import { writeDiscounts } from './write-discounts';
import type { DiscountRule, EngineContext, Receipt, Steps } from './types';
import { withReceiptTotals } from './totals';

export const stripRules = (receipt: Receipt, ruleIds: ReadonlySet<string>): Receipt => ({
  ...receipt,
  discounts: (receipt.discounts ?? []).filter((d) => !ruleIds.has(d.id)),
  items: (receipt.items ?? []).map((item) => ({
    ...item,
    discount_lines: (item.discount_lines ?? []).filter(
      (l) => !(l.discount_id !== undefined && ruleIds.has(l.discount_id)),
    ),
    bonus_lines: (item.bonus_lines ?? []).filter((l) => !(l.discount_id !== undefined && ruleIds.has(l.discount_id))),
  })),
});

/** The engine in steps (`Steps`): the same result as applyDiscounts, with a pause after each bounded step. */
export function* evaluateDiscounts(
  receipt: Receipt,
  rules: readonly DiscountRule[],
  context: EngineContext = {},
): Steps<Receipt> {
  const clean = stripRules(receipt, new Set(rules.map((r) => r.id)));
  const lines = toLines(clean.items ?? []);
  const passing: DiscountRule[] = [];
  for (const rule of rules) {
    yield;
    if (ruleApplies(rule, clean, lines)) passing.push(rule);
  }
  const candidates = passing
    .filter((rule) => completesCard(rule, context))
    .flatMap((rule) => withinRewardUsage(rule, context) ?? []);
  const originals = new Map(rules.map((r) => [r.id, r]));
  const applied = (yield* bestCombination(candidates, lines)).map((a) => ({
    ...a,
    rule: originals.get(a.rule.id) ?? a.rule,
  }));
  const written = yield* writeDiscounts(clean, applied, context);
  const collecting = yield* stampCollectors(passing, lines, context);
  return yield* withReceiptTotals(
    collecting.length > 0 ? { ...written, discounts: [...(written.discounts ?? []), ...collecting] } : written,
  );
}

/** Runs steps to the end without pausing. */
export const runToEnd = <T>(steps: Steps<T>): T => {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};

export const applyDiscounts = (
  receipt: Receipt,
  rules: readonly DiscountRule[],
  context: EngineContext = {},
): Receipt => runToEnd(evaluateDiscounts(receipt, rules, context));
