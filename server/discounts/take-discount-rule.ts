import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { loadRule } from './discount-rule-repository';

/** Takes a rule back from customers (`*` in the list: from everyone). Returns every customer it is still given to. */
export const takeDiscountRule = async (
  ctx: AppContext,
  actor: Actor,
  ruleId: string,
  customers: readonly string[],
): Promise<{ customers: string[] }> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadRule(trx, actor.accountId, ruleId, { lock: ctx.database });
    let q = trx.deleteFrom('discount_rule_customers').where('rule_id', '=', row.id);
    if (!customers.includes('*')) q = q.where('customer_key', 'in', [...customers]);
    await q.execute();
    const left = await trx
      .selectFrom('discount_rule_customers')
      .select('customer_key')
      .where('rule_id', '=', row.id)
      .orderBy('customer_key')
      .execute();
    return { customers: left.map((r) => r.customer_key) };
  });
