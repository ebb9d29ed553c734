import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { loadRule, saveRule } from './discount-rule-repository';
import type { RuleView } from './discount-schemas';

/** Soft delete: the rule is kept (state=deleted lists it) but no longer applies to anyone; returns it, stamped. */
export const deleteDiscountRule = async (ctx: AppContext, actor: Actor, ruleId: string): Promise<RuleView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadRule(trx, actor.accountId, ruleId, { lock: ctx.database });
    const now = nowIso();
    const changes = {
      deleted_at: now,
      deleted_by: actor.subject,
      updated_at: now,
      updated_by: actor.subject,
      version: row.version + 1,
    };
    return saveRule(trx, row, changes);
  });
