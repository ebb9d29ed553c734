import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { nowIso } from '../shared/clock';
import type { Page } from '../customers/customer-schemas';
import { readRule } from './discount-rule-repository';
import type { ListRulesInput, RuleView } from './discount-schemas';
import { keysetRows, pageOf, unknownCursor } from '../shared/paging';

/**
 * The account's rules, oldest first. state: `all` (default) every rule not deleted; `available` active and
 * inside its purchase window now; `inactive` not active; `deleted` only deleted ones. `starting_after` is the
 * last rule id of the previous page.
 */
export const listDiscountRules = async (
  ctx: AppContext,
  actor: Actor,
  query: ListRulesInput,
): Promise<Page<RuleView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('discount_rules').selectAll().where('account_id', '=', actor.accountId);
  if (query.state === 'deleted') q = q.where('deleted_at', 'is not', null);
  else q = q.where('deleted_at', 'is', null);
  if (query.state === 'inactive') q = q.where('active', '=', 0);
  if (query.state === 'available') {
    const now = nowIso();
    q = q.where('active', '=', 1).where('purchase_from', '<=', now).where('purchase_to', '>', now);
  }
  if (query.campaign_id) q = q.where('campaign_id', '=', query.campaign_id);
  const after = query.starting_after
    ? await db
        .selectFrom('discount_rules')
        .select(['created_at', 'id'])
        .where('account_id', '=', actor.accountId)
        .where('id', '=', query.starting_after)
        .executeTakeFirst()
    : undefined;
  if (query.starting_after && !after) throw unknownCursor('discount rule');
  const rows = await keysetRows(q, after, query.limit);
  return pageOf(rows.map(readRule), query.limit, (r) => r.id);
};
