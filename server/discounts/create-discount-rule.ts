import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { loadRule, readRule, ruleColumns } from './discount-rule-repository';
import type { CreateRuleInput, RuleView } from './discount-schemas';

/** Creates a rule of the caller's account. It is given to nobody: it applies only once given to customers. */
export const createDiscountRule = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateRuleInput,
  meta: RequestMeta,
): Promise<RuleView> => {
  const { campaign_id: campaignId, active, ...data } = input;
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const ruleId = uuid();
      const now = nowIso();
      await trx
        .insertInto('discount_rules')
        .values({
          id: ruleId,
          account_id: actor.accountId,
          ...ruleColumns(campaignId ?? null, active ?? true, data),
          created_at: now,
          created_by: actor.subject,
          updated_at: now,
          updated_by: actor.subject,
          deleted_at: null,
          deleted_by: null,
          version: 1,
        })
        .execute();
      return ruleId;
    }),
  );
  return readRule(await loadRule(ctx.database.db, actor.accountId, id, { withDeleted: true }));
};
