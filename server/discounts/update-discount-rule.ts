import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { canonicalJson } from '../idempotency/idempotency-store';
import { parseJson } from '../shared/json-columns';
import { loadRule, ruleColumns, saveRule } from './discount-rule-repository';
import { tooManyMatchers, type RuleData, type RuleView, type UpdateRuleInput } from './discount-schemas';

/** A field the stored rule fixes: any value but the stored one (or, for purchase_to, a later one) is refused. */
const refuse = (path: string, message: string) =>
  new AppError('DISCOUNT_RULE_NOT_UPDATABLE', `${path} ${message}`, { errors: [{ path, message }] });

/** The rule after the update, or why not (409): reward and purchase_from stay; purchase_to may only move later. */
const applyUpdate = (current: RuleData, input: UpdateRuleInput): RuleData => {
  const { campaign_id: _c, active: _a, reward, requirement, ...fields } = input;
  if (reward !== undefined && canonicalJson(reward) !== canonicalJson(current.reward))
    throw refuse('reward', 'cannot be updated; send the stored reward or leave it out');
  const now = current.requirement;
  if (
    requirement?.purchase_from !== undefined &&
    Date.parse(requirement.purchase_from) !== Date.parse(now.purchase_from)
  )
    throw refuse('requirement.purchase_from', `cannot be updated; it is ${now.purchase_from}`);
  const purchaseTo = requirement?.purchase_to ?? now.purchase_to;
  if (Date.parse(purchaseTo) < Date.parse(now.purchase_to))
    throw refuse('requirement.purchase_to', `may only move later; it is ${now.purchase_to}`);
  const nextRequirement = requirement
    ? { ...requirement, purchase_from: now.purchase_from, purchase_to: purchaseTo }
    : now;
  const next = { ...current, ...fields, requirement: nextRequirement };
  const problem = tooManyMatchers(next);
  if (problem)
    throw new AppError('INVALID_REQUEST', `The rule is too large: ${problem}`, {
      errors: [{ path: 'requirement', message: problem }],
    });
  return next;
};

/** Partial update of a rule: fields left out stay as they are; `campaign_id: null` removes it. */
export const updateDiscountRule = async (
  ctx: AppContext,
  actor: Actor,
  ruleId: string,
  input: UpdateRuleInput,
): Promise<RuleView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await loadRule(trx, actor.accountId, ruleId, { lock: ctx.database });
    const next = applyUpdate(parseJson<RuleData>(row.data), input);
    const campaignId = input.campaign_id === null ? null : (input.campaign_id ?? row.campaign_id);
    const columns = ruleColumns(campaignId, input.active ?? row.active === 1, next);
    const now = nowIso();
    const changes = { ...columns, updated_at: now, updated_by: actor.subject, version: row.version + 1 };
    return saveRule(trx, row, changes);
  });
