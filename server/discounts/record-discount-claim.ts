import { stampsNeeded } from '../../domain/discounts';
import { INT32_MAX } from '../../domain/money';
import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { oncePerKey } from '../idempotency/once-per-key';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { toJson } from '../shared/json-columns';
import { loadClaim, readClaim, stampCounts, usedByCustomer } from './claim-repository';
import type { ClaimInput, ClaimView } from './claim-schemas';
import { loadRule, readRule, ruleNotFound } from './discount-rule-repository';

const exceeded = (path: string, message: string) =>
  new AppError('DISCOUNT_USAGE_EXCEEDED', message, { errors: [{ path, message }] });

/**
 * Records that a customer used discounts. Inside one transaction, with each claimed rule's row locked (rules in
 * id order), every rule must exist, be given to the customer (or `*`), and the claim must stay within
 * `discount_repeat_usage` (per claim) and `discount_reward_usage` (all the customer's claims not released; -1 is
 * unlimited); a claim with an amount on a stamp rule uses the reward, so it must complete the card (its stamps
 * reset). So two concurrent claims cannot together exceed a limit. A refused claim stores nothing.
 * The claim keeps every ref's amount as posted; a rule's usage row keeps their sum capped at INT32_MAX (an int4
 * column), which is only read as "did the claim use the reward" (> 0), so any sum of valid refs is taken.
 */
export const recordDiscountClaim = async (
  ctx: AppContext,
  actor: Actor,
  input: ClaimInput,
  meta: RequestMeta,
): Promise<ClaimView> => {
  const { id } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      const usage = new Map<string, { usage: number; amount: number; index: number }>();
      input.discounts.forEach((d, index) => {
        const had = usage.get(d.id) ?? { usage: 0, amount: 0, index };
        for (const ref of d.refs) {
          had.usage += ref.usage;
          had.amount += ref.amount;
        }
        usage.set(d.id, had);
      });
      const ruleIds = [...usage.keys()].sort();
      for (const ruleId of ruleIds) await checkRule(ctx, trx, actor, input, ruleId, usage.get(ruleId)!);
      const claimId = uuid();
      const { purchase_at, customer_id, ...rest } = input;
      await trx
        .insertInto('discount_claims')
        .values({
          id: claimId,
          account_id: actor.accountId,
          customer_id,
          purchase_at: new Date(purchase_at).toISOString(),
          data: toJson(rest),
          created_at: nowIso(),
          created_by: actor.subject,
          released_at: null,
        })
        .execute();
      await trx
        .insertInto('discount_claim_usages')
        .values(
          ruleIds.map((rule_id) => ({
            claim_id: claimId,
            account_id: actor.accountId,
            customer_id,
            rule_id,
            usage: usage.get(rule_id)!.usage,
            amount: Math.min(usage.get(rule_id)!.amount, INT32_MAX),
            released: 0,
          })),
        )
        .execute();
      return claimId;
    }),
  );
  return readClaim(await loadClaim(ctx.database.db, actor.accountId, id));
};

const checkRule = async (
  ctx: AppContext,
  trx: Executor,
  actor: Actor,
  input: ClaimInput,
  ruleId: string,
  claimed: { usage: number; amount: number; index: number },
): Promise<void> => {
  const customerId = input.customer_id;
  const path = `discounts[${claimed.index}]`;
  const rule = readRule(await loadRule(trx, actor.accountId, ruleId, { lock: ctx.database }));
  const given = await trx
    .selectFrom('discount_rule_customers')
    .select('customer_key')
    .where('rule_id', '=', ruleId)
    .where('customer_key', 'in', [customerId, '*'])
    .executeTakeFirst();
  if (!given) throw ruleNotFound(ruleId);
  const repeat = rule.limitation?.discount_repeat_usage ?? -1;
  if (repeat >= 0 && claimed.usage > repeat)
    throw exceeded(path, `Discount ${ruleId} may be used at most ${repeat} times on one purchase`);
  if (claimed.amount > 0 && stampsNeeded(rule) > 0) {
    const count =
      (await stampCounts(trx, actor.accountId, customerId, [rule], new Date(input.purchase_at)))[ruleId] ?? 0;
    if (count + 1 < stampsNeeded(rule))
      throw exceeded(
        path,
        `Discount ${ruleId} needs ${stampsNeeded(rule)} stamps; the customer has ${count} before this purchase`,
      );
  }
  const limit = rule.limitation?.discount_reward_usage ?? -1;
  if (limit < 0) return;
  const used = (await usedByCustomer(trx, actor.accountId, customerId, [ruleId]))[ruleId] ?? 0;
  if (used + claimed.usage > limit)
    throw exceeded(path, `Discount ${ruleId} may be used ${limit} times by a customer; ${used} already claimed`);
};
