import { evaluateDiscounts, type DiscountRule, type EngineContext, type Receipt } from '../../domain/discounts';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { readCustomer } from '../customers/customer-repository';
import { stampCounts, usedByCustomer } from './claim-repository';
import { readRule } from './discount-rule-repository';
import { receiptCustomerId } from './receipt-customer';
import { receiptJson } from './receipt-json';
import { rulesAllowed, tooMuchWork } from './receipt-work-limits';
import { runInSlices, runSteps, type Slices } from './run-in-slices';
import type { ReceiptInput } from './receipt-schemas';

/**
 * The receipt with the discounts it qualifies for, as JSON text: the account's active, not deleted rules given to the
 * receipt's customer_id or to `*` (or, without customer_id, to `/`) whose purchase window contains purchase_at, run
 * through the engine (domain/discounts, docs/discounts.md). Customer matchers read `receipt.customer`, or when it is
 * absent the account's stored customer with that customer_id. Without customer_id, a live wallet card token in
 * `customer.token.value` stands for its card's customer (the answer then carries that customer_id). The customer's
 * claims limit discount_reward_usage and give the stamp counts. Nothing is stored. The work is bounded
 * (receipt-work-limits.ts: 400 past it) and runs in slices, so it never holds the event loop (ADR 031).
 */
export const discountsForReceipt = async (ctx: AppContext, actor: Actor, receipt: ReceiptInput): Promise<string> =>
  runInSlices(async (slices) => {
    const customerId = await receiptCustomerId(ctx, actor, receipt);
    const rules = await applicableRules(ctx, actor, receipt, customerId ? [customerId, '*'] : ['/'], slices);
    const currency = receipt.currency?.toUpperCase();
    const byToken = customerId !== receipt.customer_id;
    const stored = receipt.customer && !byToken ? undefined : await storedCustomer(ctx, actor, customerId);
    const customer = stored || receipt.customer ? { ...stored, ...receipt.customer } : undefined;
    const context = customerId
      ? await customerContext(ctx, actor, customerId, rules, new Date(receipt.purchase_at))
      : {};
    const input = {
      ...(receipt as Receipt),
      ...(currency ? { currency } : {}),
      ...(customerId ? { customer_id: customerId } : {}),
      ...(customer ? { customer } : {}),
    };
    const { customer: _read, ...result } = await runSteps(evaluateDiscounts(input, rules, context), slices);
    const answer = receipt.customer ? { ...result, customer: receipt.customer } : result; // a stored customer was only read, not returned
    return runSteps(receiptJson(answer), slices);
  });

/** The rules the receipt could get (active, given to `keys`, purchase_at in their window), refused past the limits. */
const applicableRules = async (
  ctx: AppContext,
  actor: Actor,
  receipt: ReceiptInput,
  keys: string[],
  slices: Slices,
): Promise<DiscountRule[]> => {
  const items = receipt.items?.length ?? 0;
  const allowed = rulesAllowed(items);
  const at = new Date(receipt.purchase_at).toISOString();
  const rows = await ctx.database.db
    .selectFrom('discount_rules')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where('deleted_at', 'is', null)
    .where('active', '=', 1)
    .where('purchase_from', '<=', at)
    .where('purchase_to', '>', at)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('discount_rule_customers')
        .select('rule_id')
        .where('account_id', '=', actor.accountId)
        .where('customer_key', 'in', keys),
    )
    .orderBy('id')
    .limit(allowed + 1)
    .execute();
  if (rows.length > allowed) throw tooMuchWork(items, rows.length);
  const rules: DiscountRule[] = [];
  for (const row of rows) {
    rules.push(readRule(row));
    await slices.pause();
  }
  return rules;
};

const storedCustomer = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string | undefined,
): Promise<Record<string, unknown> | undefined> => {
  if (!customerId) return undefined;
  const row = await ctx.database.db
    .selectFrom('customers')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? readCustomer(row) : undefined;
};

/** What the customer's claims tell the engine: usage per rule (discount_reward_usage) and stamp counts. */
const customerContext = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  rules: readonly DiscountRule[],
  at: Date,
): Promise<EngineContext> => ({
  used: await usedByCustomer(
    ctx.database.db,
    actor.accountId,
    customerId,
    rules.map((r) => r.id),
  ),
  stamps: await stampCounts(ctx.database.db, actor.accountId, customerId, rules, at),
});
