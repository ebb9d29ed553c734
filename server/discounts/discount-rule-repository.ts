import type { Selectable } from 'kysely';
import { isItemLevel, type DiscountRule } from '../../domain/discounts';
import type { Database, Executor } from '../db/database';
import { expectUpdated } from '../db/expect-updated';
import { forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { parseJson, toJson } from '../shared/json-columns';
import type { DiscountRulesTable } from './discounts-tables';
import type { RuleData, RuleView } from './discount-schemas';
import { listedTimeZone } from './time-zones';

export type RuleRow = Selectable<DiscountRulesTable>;

export const ruleNotFound = (ruleId: string) =>
  new AppError('DISCOUNT_RULE_NOT_FOUND', `Discount rule ${ruleId} was not found`);

/** The account's rule (not deleted unless `withDeleted`); with `lock`, its row is locked for the caller's transaction. */
export const loadRule = async (
  exec: Executor,
  accountId: string,
  ruleId: string,
  opts: { lock?: Database; withDeleted?: boolean } = {},
): Promise<RuleRow> => {
  let q = exec.selectFrom('discount_rules').selectAll().where('account_id', '=', accountId).where('id', '=', ruleId);
  if (!opts.withDeleted) q = q.where('deleted_at', 'is', null);
  const row = await (opts.lock ? forUpdate(opts.lock, q) : q).executeTakeFirst();
  if (!row) throw ruleNotFound(ruleId);
  return row;
};

/**
 * Writes `changes` over the rule as it was read (`row`, at its version) and returns the rule after them; a write in
 * between is a 409 CONFLICT.
 */
export const saveRule = async (trx: Executor, row: RuleRow, changes: Partial<RuleRow>): Promise<RuleView> => {
  expectUpdated(
    await trx
      .updateTable('discount_rules')
      .set(changes)
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst(),
    'The discount rule',
  );
  return readRule({ ...row, ...changes });
};

/** discount_hours.timezone as the TimeZone list spells it (a rule stored before the list may hold an alias). */
const withListedTimeZone = (data: RuleData): RuleData => {
  const hours = data.limitation?.discount_hours;
  if (!hours?.timezone) return data;
  const timezone = listedTimeZone(hours.timezone);
  return timezone === hours.timezone
    ? data
    : { ...data, limitation: { ...data.limitation, discount_hours: { ...hours, timezone } } };
};

/** The rule as the API returns it (and as the engine reads it); `type` follows the item requirement when not given. */
export const readRule = (row: RuleRow): RuleView & DiscountRule => {
  const data = withListedTimeZone(parseJson<RuleData>(row.data));
  const rule = { id: row.id, ...data } as DiscountRule;
  return {
    ...rule,
    ...(row.campaign_id ? { campaign_id: row.campaign_id } : {}),
    active: row.active === 1,
    private: data.private ?? false,
    type: data.type ?? (isItemLevel(rule) ? 'item' : 'receipt'),
    requirement: data.requirement,
    reward: data.reward,
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
    ...(row.deleted_at ? { deleted_at: row.deleted_at } : {}),
    ...(row.deleted_by ? { deleted_by: row.deleted_by } : {}),
  };
};

/** The columns a rule's state is stored in (purchase dates normalised to ISO UTC). */
export const ruleColumns = (campaignId: string | null, active: boolean, data: RuleData) => ({
  campaign_id: campaignId,
  active: active ? 1 : 0,
  purchase_from: new Date(data.requirement.purchase_from).toISOString(),
  purchase_to: new Date(data.requirement.purchase_to).toISOString(),
  data: toJson(data),
});
