/**
 * What a reward is worth on each line, before the engine writes it (see docs/discounts.md). `base(line)` is the
 * line's gross, or for base `net` what is left of it after earlier discounts; `cap(line)` is the most the line can
 * still take. With a quantity requirement only whole groups count: times × quantity units, most expensive first.
 *   discount_amount        value × times, spread over the selected lines by their base (largest remainder)
 *   discount_debit         value once, spread the same way; what cannot be used is reported as unused
 *   discount_percent       value % of the selected base, rounded half up once, then spread
 *   discount_item_new_price each selected unit costs value: gross of the units minus value × units (never < 0)
 *   discount_item_quantity value × times cheapest selected units are free ("3 for 2")
 *   discount_item_percent  value % off the times cheapest selected units
 *   discount_mix_new_price the reward-eligible mix units (quantity per mix per time) cost value per time
 * reward.values overrides value for the lines its items match (first match wins).
 */
import { allocate } from './allocate';
import { percentOf, sum } from './amounts';
import type { ItemMatch } from './item-requirements';
import type { Line } from './lines';
import { firstMatchingEntry } from './matcher-index';
import type { DiscountRule } from './types';
import { amountOfUnits, selectUnits } from './units';

export interface RewardResult {
  lines: Map<number, number>;
  unused: number;
}

type Amount = (l: Line) => number;

const valueGroups = (rule: DiscountRule, lines: readonly Line[]): { value: number; lines: Line[] }[] => {
  const groups = new Map<number, Line[]>();
  const values = rule.reward.values ?? [];
  for (const l of lines) {
    const override = values.length > 0 ? values[firstMatchingEntry(values, l.item)] : undefined;
    const value = override ? override.value : rule.reward.value;
    const group = groups.get(value);
    if (group) group.push(l);
    else groups.set(value, [l]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([value, ls]) => ({ value, lines: ls }));
};

const spread = (
  total: number,
  picked: Map<number, number>,
  lines: readonly Line[],
  base: Amount,
  cap: Amount,
  out: Map<number, number>,
): number => {
  const alloc = lines
    .filter((l) => picked.has(l.line_id))
    .map((l) => {
      const weight = amountOfUnits(base(l), picked.get(l.line_id) ?? 0, l.units);
      return { line_id: l.line_id, weight, cap: Math.min(cap(l), weight) };
    });
  const result = allocate(total, alloc);
  for (const [id, amount] of result) out.set(id, (out.get(id) ?? 0) + amount);
  return sum([...result.values()]);
};

const pickGroups = (lines: readonly Line[], match: ItemMatch, base: Amount): Map<number, number> =>
  match.quantity > 0
    ? selectUnits(lines, match.times * match.quantity, 'desc', base)
    : new Map(lines.map((l) => [l.line_id, l.units]));

export const computeReward = (rule: DiscountRule, match: ItemMatch, base: Amount, cap: Amount): RewardResult => {
  const out = new Map<number, number>();
  let unused = 0;
  const { type } = rule.reward;
  if (type === 'discount_mix_new_price') {
    const used = new Map<number, number>();
    const rewarded = new Map<number, number>();
    for (const { mix, lines } of match.mixes) {
      const picked = selectUnits(
        lines,
        match.times * Math.max(Math.trunc(mix.quantity), 1),
        'desc',
        base,
        (l) => l.units - (used.get(l.line_id) ?? 0),
      );
      for (const [id, k] of picked) {
        used.set(id, (used.get(id) ?? 0) + k);
        if (mix.reward_eligible !== false) rewarded.set(id, (rewarded.get(id) ?? 0) + k);
      }
    }
    const all = match.mixes.flatMap((m) => m.lines);
    const unique = [...new Map(all.map((l) => [l.line_id, l])).values()];
    const total = sum(
      unique
        .filter((l) => rewarded.has(l.line_id))
        .map((l) => amountOfUnits(base(l), rewarded.get(l.line_id) ?? 0, l.units)),
    );
    spread(Math.max(total - rule.reward.value * match.times, 0), rewarded, unique, base, cap, out);
    return { lines: out, unused };
  }
  for (const group of valueGroups(rule, match.rewardLines)) {
    const picked = pickGroups(group.lines, match, base);
    const chosen = group.lines.filter((l) => picked.has(l.line_id));
    const value = group.value;
    if (type === 'discount_amount' || type === 'discount_debit') {
      const total = Math.max(Math.trunc(value), 0) * (type === 'discount_debit' ? 1 : match.times);
      unused += total - spread(total, picked, chosen, base, cap, out);
    } else if (type === 'discount_percent') {
      const selected = sum(chosen.map((l) => amountOfUnits(base(l), picked.get(l.line_id) ?? 0, l.units)));
      spread(percentOf(selected, value), picked, chosen, base, cap, out);
    } else if (type === 'discount_item_new_price') {
      for (const l of chosen) {
        const k = picked.get(l.line_id) ?? 0;
        const off = Math.max(amountOfUnits(l.gross, k, l.units) - Math.max(Math.trunc(value), 0) * k, 0);
        out.set(l.line_id, (out.get(l.line_id) ?? 0) + Math.min(off, cap(l)));
      }
    } else if (type === 'discount_item_quantity' || type === 'discount_item_percent') {
      const free = type === 'discount_item_quantity' ? Math.max(Math.trunc(value), 0) * match.times : match.times;
      const cheapest = selectUnits(chosen, free, 'asc', base, (l) => picked.get(l.line_id) ?? 0);
      for (const l of chosen) {
        const k = cheapest.get(l.line_id) ?? 0;
        if (k === 0) continue;
        const worth = amountOfUnits(base(l), k, l.units);
        const off = type === 'discount_item_quantity' ? worth : percentOf(worth, value);
        out.set(l.line_id, (out.get(l.line_id) ?? 0) + Math.min(off, cap(l)));
      }
    }
  }
  return { lines: out, unused };
};
