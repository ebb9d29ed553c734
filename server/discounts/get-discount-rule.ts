import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadRule, readRule } from './discount-rule-repository';
import type { RuleView } from './discount-schemas';

/** One rule of the caller's account, with the customers it is given to; a deleted one is still found (it says so). */
export const getDiscountRule = async (ctx: AppContext, actor: Actor, ruleId: string): Promise<RuleView> => {
  const row = await loadRule(ctx.database.db, actor.accountId, ruleId, { withDeleted: true });
  const given = await ctx.database.db
    .selectFrom('discount_rule_customers')
    .select('customer_key')
    .where('rule_id', '=', row.id)
    .orderBy('customer_key')
    .execute();
  return { ...readRule(row), customers: given.map((g) => g.customer_key) };
};
