/**
 * Stamp cards (requirement.stamp = N, or {quantity: N}; 0 or absent: no card). Each claimed purchase that met
 * the rule's other requirements adds one stamp; the reward applies on the purchase that completes the card
 * (stamps so far + 1 ≥ N), and a claim that uses the reward redeems every stamp recorded before it, whatever the
 * purchase times (so a backdated second reward claim finds no stamps). Stamps bought after the purchase being
 * counted are left out. Stamps whose purchase is
 * more than limitation.stamp_expire_days days before the purchase being counted no longer count (-1: never).
 */
import { eligibleLines } from './eligibility';
import { matchItems } from './item-requirements';
import type { Line } from './lines';
import type { AppliedDiscount, DiscountRule, EngineContext, Steps } from './types';

export const stampsNeeded = (rule: DiscountRule): number => {
  const stamp = rule.requirement.stamp;
  if (stamp === undefined || stamp === null) return 0;
  return typeof stamp === 'number' ? stamp : (stamp.quantity ?? 0);
};

export const stampCount = (rule: DiscountRule, context: EngineContext): number => context.stamps?.[rule.id] ?? 0;

/** Whether this purchase gets the reward: no card, or it completes the card. */
export const completesCard = (rule: DiscountRule, context: EngineContext): boolean => {
  const needed = stampsNeeded(rule);
  return needed <= 0 || stampCount(rule, context) + 1 >= needed;
};

/** A claimed use of a stamp rule: when, and whether it used the reward (amount > 0) or collected a stamp. */
export interface StampClaim {
  purchase_at: string;
  rewarded: boolean;
}

/**
 * The customer's current count for a rule at `at`, claims in the order they were recorded: a rewarded claim redeems
 * every stamp recorded before it, whatever its own purchase time (a stamp never pays out twice); of the stamps
 * left, those bought after `at` or expired at `at` do not count.
 */
export const countStamps = (rule: DiscountRule, claims: readonly StampClaim[], at: Date): number => {
  const expire = Number(rule.limitation?.stamp_expire_days ?? -1);
  const since = expire >= 0 ? at.getTime() - expire * 86_400_000 : Number.NEGATIVE_INFINITY;
  let unredeemed: number[] = [];
  for (const c of claims) {
    if (c.rewarded) unredeemed = [];
    else unredeemed.push(Date.parse(c.purchase_at));
  }
  return unredeemed.filter((t) => t <= at.getTime() && t >= since).length;
};

/**
 * The stamp rules this purchase earns a stamp on (every other requirement met, card not completed), reported in
 * `discounts` with amount 0: refs[].stamp 1 (a claim adds one) and statistics.stamp the current count.
 */
export function* stampCollectors(
  rules: readonly DiscountRule[],
  lines: readonly Line[],
  context: EngineContext,
): Steps<AppliedDiscount[]> {
  const collecting: AppliedDiscount[] = [];
  for (const rule of rules) {
    if (completesCard(rule, context)) continue;
    yield;
    if (matchItems(rule, eligibleLines(rule, lines)) === undefined) continue;
    const stamp = stampCount(rule, context);
    const id = context.refIds?.[rule.id] ?? rule.id;
    collecting.push({
      ...rule,
      refs: [
        {
          id,
          stamp: 1,
          amount: 0,
          bonus: 0,
          usage: 0,
          items: [],
          statistics: { amount: 0, bonus: 0, usage: 0, stamp },
        },
      ],
    });
  }
  return collecting;
}
