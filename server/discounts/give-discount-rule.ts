import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { loadRule } from './discount-rule-repository';

/**
 * Gives a rule to customers: customer_ids, `*` (any customer_id) or `/` (purchases without customer). Giving it
 * again to someone who has it changes nothing. Returns every customer the rule is given to.
 */
export const giveDiscountRule = async (
  ctx: AppContext,
  actor: Actor,
  ruleId: string,
  customers: readonly string[],
): Promise<{ customers: string[] }> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadRule(trx, actor.accountId, ruleId, { lock: ctx.database });
    const had = new Set(
      (
        await trx.selectFrom('discount_rule_customers').select('customer_key').where('rule_id', '=', row.id).execute()
      ).map((r) => r.customer_key),
    );
    const added = [...new Set(customers)].filter((c) => !had.has(c));
    const now = nowIso();
    if (added.length > 0) {
      await trx
        .insertInto('discount_rule_customers')
        .values(
          added.map((customer_key) => ({
            rule_id: row.id,
            account_id: actor.accountId,
            customer_key,
            created_at: now,
          })),
        )
        .execute();
    }
    return { customers: [...had, ...added].sort() };
  });
