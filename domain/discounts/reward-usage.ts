/**
 * limitation.discount_reward_usage: how many times in total a customer may get a rule's reward (-1 or absent:
 * unlimited). `context.used` holds how many times the customer's claims already used each rule; the rule is left
 * out when nothing remains, else it applies at most the remaining number of times on this receipt (together with
 * discount_repeat_usage, the smaller cap wins). Without `used` (no customer) there is no per-customer limit.
 */
import type { DiscountRule, EngineContext } from './types';

export const remainingRewardUsage = (rule: DiscountRule, context: EngineContext): number | undefined => {
  const limit = rule.limitation?.discount_reward_usage ?? -1;
  if (limit < 0 || context.used === undefined) return undefined;
  return Math.max(limit - (context.used[rule.id] ?? 0), 0);
};

/** The rule as the engine computes it: discount_repeat_usage lowered to what the customer has left. */
export const withinRewardUsage = (rule: DiscountRule, context: EngineContext): DiscountRule | undefined => {
  const remaining = remainingRewardUsage(rule, context);
  if (remaining === undefined) return rule;
  if (remaining <= 0) return undefined;
  const repeat = rule.limitation?.discount_repeat_usage ?? -1;
  return {
    ...rule,
    limitation: { ...rule.limitation, discount_repeat_usage: repeat >= 0 ? Math.min(repeat, remaining) : remaining },
  };
};
