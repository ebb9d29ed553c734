/**
 * The item requirement: which eligible lines it matches, whether enough units are there, how many times the
 * rule applies (whole groups of `quantity`, capped by limitation.discount_repeat_usage, -1 = no cap) and which
 * lines may receive the reward.
 *   - no items and no mixes, or only wildcard items ({}): receipt-level; every eligible line; times 1 unless a
 *     quantity is given (then whole groups of it among all eligible units);
 *   - items: any one matcher per line; at least max(quantity, 1) matching units;
 *   - mixes: every mix needs its quantity; times is the smallest number of whole groups over the mixes; only
 *     mixes with reward_eligible ≠ false receive the reward.
 */
import type { Line } from './lines';
import { anyMatches, anyNamedMatches } from './matcher-index';
import { isWildcard } from './matchers';
import type { DiscountRule, Mix } from './types';

export interface ItemMatch {
  times: number;
  quantity: number;
  rewardLines: Line[];
  mixes: { mix: Mix; lines: Line[] }[];
}

const units = (lines: readonly Line[]): number => lines.reduce((a, l) => a + l.units, 0);

export const isItemLevel = (rule: DiscountRule): boolean => {
  const item = rule.requirement.item;
  return (item?.items ?? []).some((m) => !isWildcard(m)) || (item?.mixes ?? []).length > 0;
};

export const matchItems = (rule: DiscountRule, eligible: readonly Line[]): ItemMatch | undefined => {
  const item = rule.requirement.item ?? {};
  const quantity = Math.max(Math.trunc(item.quantity ?? 0), 0);
  const repeat = rule.limitation?.discount_repeat_usage ?? -1;
  const cap = (times: number): number => (repeat >= 0 ? Math.min(times, repeat) : times);
  if (!isItemLevel(rule)) {
    if (eligible.length === 0) return undefined;
    const times = quantity > 0 ? Math.floor(units(eligible) / quantity) : 1;
    return cap(times) > 0 ? { times: cap(times), quantity, rewardLines: [...eligible], mixes: [] } : undefined;
  }
  const named = item.items ?? [];
  const hasMatchers = named.some((m) => !isWildcard(m));
  const itemLines = hasMatchers ? eligible.filter((l) => anyNamedMatches(named, l.item)) : [];
  let times = Number.POSITIVE_INFINITY;
  if (hasMatchers) {
    const have = units(itemLines);
    if (have < Math.max(quantity, 1)) return undefined;
    times = quantity > 0 ? Math.floor(have / quantity) : 1;
  }
  const mixes = (item.mixes ?? []).map((mix) => ({
    mix,
    lines: eligible.filter((l) => anyMatches(mix.items, l.item)),
  }));
  for (const { mix, lines } of mixes) {
    const need = Math.max(Math.trunc(mix.quantity), 1);
    const have = units(lines);
    if (have < need) return undefined;
    times = Math.min(times, Math.floor(have / need));
  }
  const reward = new Map<number, Line>();
  for (const l of itemLines) reward.set(l.line_id, l);
  for (const { mix, lines } of mixes)
    if (mix.reward_eligible !== false) for (const l of lines) reward.set(l.line_id, l);
  const capped = cap(times);
  if (capped <= 0) return undefined;
  return { times: capped, quantity, rewardLines: [...reward.values()].sort((a, b) => a.line_id - b.line_id), mixes };
};
