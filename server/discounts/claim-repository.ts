import type { Selectable } from 'kysely';
import { countStamps, stampsNeeded, type DiscountRule, type StampClaim } from '../../domain/discounts';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { parseJson } from '../shared/json-columns';
import type { ClaimInput, ClaimView } from './claim-schemas';
import type { DiscountClaimsTable } from './discounts-tables';

export type ClaimRow = Selectable<DiscountClaimsTable>;

export const claimNotFound = (claimId: string) =>
  new AppError('DISCOUNT_CLAIM_NOT_FOUND', `Discount claim ${claimId} was not found`);

/** The claim as the API returns it. */
export const readClaim = (row: ClaimRow): ClaimView => ({
  ...parseJson<Omit<ClaimInput, 'purchase_at' | 'customer_id'>>(row.data),
  id: row.id,
  customer_id: row.customer_id,
  purchase_at: row.purchase_at,
  created_at: row.created_at,
  created_by: row.created_by,
});

/** The account's claim that is not released. */
export const loadClaim = async (exec: Executor, accountId: string, claimId: string): Promise<ClaimRow> => {
  const row = await exec
    .selectFrom('discount_claims')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', claimId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw claimNotFound(claimId);
  return row;
};

/** Per rule id: how many times the customer's claims that are not released used it. */
export const usedByCustomer = async (
  exec: Executor,
  accountId: string,
  customerId: string,
  ruleIds: readonly string[],
): Promise<Record<string, number>> => {
  if (ruleIds.length === 0) return {};
  const rows = await exec
    .selectFrom('discount_claim_usages')
    .select(['rule_id', 'usage'])
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .where('released', '=', 0)
    .where('rule_id', 'in', [...ruleIds])
    .execute();
  const used: Record<string, number> = {};
  for (const r of rows) used[r.rule_id] = (used[r.rule_id] ?? 0) + Number(r.usage);
  return used;
};

/** Per rule id: the customer's claims not released, in the order they were recorded (when, and whether they used the reward), for stamp counts. */
export const stampClaims = async (
  exec: Executor,
  accountId: string,
  customerId: string,
  ruleIds: readonly string[],
): Promise<Record<string, StampClaim[]>> => {
  if (ruleIds.length === 0) return {};
  const rows = await exec
    .selectFrom('discount_claim_usages as u')
    .innerJoin('discount_claims as c', 'c.id', 'u.claim_id')
    .select(['u.rule_id', 'u.amount', 'c.purchase_at'])
    .where('u.account_id', '=', accountId)
    .where('u.customer_id', '=', customerId)
    .where('u.released', '=', 0)
    .where('u.rule_id', 'in', [...ruleIds])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const claims: Record<string, StampClaim[]> = {};
  for (const r of rows) (claims[r.rule_id] ??= []).push({ purchase_at: r.purchase_at, rewarded: Number(r.amount) > 0 });
  return claims;
};

/** Per stamp rule id: the customer's current count at `at` (docs/discounts.md, domain/discounts/stamps.ts). */
export const stampCounts = async (
  exec: Executor,
  accountId: string,
  customerId: string,
  rules: readonly DiscountRule[],
  at: Date,
): Promise<Record<string, number>> => {
  const cards = rules.filter((r) => stampsNeeded(r) > 0);
  const claims = await stampClaims(
    exec,
    accountId,
    customerId,
    cards.map((r) => r.id),
  );
  return Object.fromEntries(cards.map((r) => [r.id, countStamps(r, claims[r.id] ?? [], at)]));
};
