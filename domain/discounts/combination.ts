/**
 * limitation.discount_combination: -1 (default) combines with every other combinable rule; 0 combines with none.
 * The engine tries the combinable rules together and each non-combinable rule alone, and keeps the outcome
 * with the largest discount (bonus counts too); ties go to the combinable set, then to the lowest rule id.
 */
import type { Line } from './lines';
import { applySequence, type Applied } from './sequence';
import type { DiscountRule, Steps } from './types';

const worth = (applied: readonly Applied[]): number => applied.reduce((a, x) => a + x.total, 0);

export function* bestCombination(rules: readonly DiscountRule[], lines: readonly Line[]): Steps<Applied[]> {
  const combinable = rules.filter((r) => r.limitation?.discount_combination !== 0);
  const alone = rules
    .filter((r) => r.limitation?.discount_combination === 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let best = yield* applySequence(combinable, lines);
  for (const rule of alone) {
    const candidate = yield* applySequence([rule], lines);
    if (worth(candidate) > worth(best)) best = candidate;
  }
  return best;
}
