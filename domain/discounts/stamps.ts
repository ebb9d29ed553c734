/**
 * Stamp cards (requirement.stamp = N, or {quantity: N}; 0 or absent: no card). Each claimed purchase that met
 * the rule's other requirements adds one stamp; the reward applies on the purchase that completes the card
 * (stamps so far + 1 ≥ N), and a claim that uses the reward resets the count to 0. Claims bought after the
 * purchase being counted are left out. Stamps whose purchase is
 * more than limitation.stamp_expire_days days before the purchase being counted no longer count (-1: never).
 */
import { eligibleLines } from './eligibility';
import { matchItems } from './item-requirements';
import type { Line } from './lines';
import type { AppliedDiscount, DiscountRule, EngineContext } from './types';

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

/** The customer's current count for a rule at `at`: stamps after the last rewarded claim (claims in the order they were recorded), not expired. */
export const countStamps = (rule: DiscountRule, claims: readonly StampClaim[], at: Date): number => {
  const expire = Number(rule.limitation?.stamp_expire_days ?? -1);
  const since = expire >= 0 ? at.getTime() - expire * 86_400_000 : Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const c of claims) {
    if (Date.parse(c.purchase_at) > at.getTime()) continue; // bought after the purchase being counted
    if (c.rewarded) count = 0;
    else if (Date.parse(c.purchase_at) >= since) count += 1;
  }
  return count;
};

/**
 * The stamp rules this purchase earns a stamp on (every other requirement met, card not completed), reported in
 * `discounts` with amount 0: refs[].stamp 1 (a claim adds one) and statistics.stamp the current count.
 */
export const stampCollectors = (rules: readonly DiscountRule[], lines: readonly Line[], context: EngineContext): AppliedDiscount[] =>
  rules
    .filter((rule) => !completesCard(rule, context) && matchItems(rule, eligibleLines(rule, lines)) !== undefined)
    .map((rule) => {
      const stamp = stampCount(rule, context);
      const id = context.refIds?.[rule.id] ?? rule.id;
      return { ...rule, refs: [{ id, stamp: 1, amount: 0, bonus: 0, usage: 0, items: [], statistics: { amount: 0, bonus: 0, usage: 0, stamp } }] };
    });
