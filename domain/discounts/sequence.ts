/**
 * Applies rules one after the other (item-level rules first, then receipt-level, each group by id). Each rule
 * sees what earlier ones left: a line never gets more discount than its gross minus every discount already on it.
 * Bonus rewards are computed the same way but do not reduce what is left.
 */
import { sum } from './amounts';
import { eligibleLines } from './eligibility';
import { isItemLevel, matchItems } from './item-requirements';
import type { Line } from './lines';
import { computeReward } from './rewards';
import type { DiscountRule, Steps } from './types';

export interface Applied {
  rule: DiscountRule;
  lines: Map<number, number>;
  total: number;
  unused: number;
  usage: number;
  bonus: boolean;
}

export const ruleOrder = (a: DiscountRule, b: DiscountRule): number => {
  const levelA = isItemLevel(a) ? 0 : 1;
  const levelB = isItemLevel(b) ? 0 : 1;
  if (levelA !== levelB) return levelA - levelB;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** A step per rule (see `Steps`). */
export function* applySequence(rules: readonly DiscountRule[], lines: readonly Line[]): Steps<Applied[]> {
  const remaining = new Map(lines.map((l) => [l.line_id, Math.max(l.gross - l.existing, 0)]));
  const applied: Applied[] = [];
  for (const rule of [...rules].sort(ruleOrder)) {
    yield;
    const deactivate = (rule.limitation?.discount_activation as { type?: string; value?: string }[] | undefined) ?? [];
    if (
      deactivate.some((d) => d.type === 'deactivate_if_discount_active' && applied.some((a) => a.rule.id === d.value))
    )
      continue;
    const match = matchItems(rule, eligibleLines(rule, lines));
    if (!match) continue;
    const bonus = rule.reward.effect === 'bonus';
    const left = (l: Line): number => remaining.get(l.line_id) ?? 0;
    const base = (l: Line): number => (rule.reward.base === 'net' ? left(l) : l.gross);
    const result = computeReward(rule, match, base, bonus ? base : left);
    const total = sum([...result.lines.values()]);
    if (total <= 0) continue;
    if (!bonus) for (const [id, amount] of result.lines) remaining.set(id, (remaining.get(id) ?? 0) - amount);
    applied.push({ rule, lines: result.lines, total, unused: result.unused, usage: match.times, bonus });
  }
  return applied;
}
