/** Kysely table types of this area (issue 11, migration 0015); server/db/schema.ts's DB extends this interface. */

export interface DiscountRulesTable {
  /** uuid, the rule's `id`. */
  id: string;
  account_id: string;
  campaign_id: string | null;
  /** 0/1 */
  active: number;
  /** requirement.purchase_from / purchase_to (ISO UTC), copied out of `data` for the list filters. */
  purchase_from: string;
  purchase_to: string;
  /** JSON RuleData: the rule as given (validated by CreateRuleBody / UpdateRuleBody). */
  data: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  deleted_at: string | null;
  deleted_by: string | null;
  version: number;
}

/** Whom a rule is given to: a customer_id, `*` (any customer_id) or `/` (a purchase without customer). */
export interface DiscountRuleCustomersTable {
  rule_id: string;
  account_id: string;
  customer_key: string;
  created_at: string;
}

/** A customer's recorded use of discounts (migration 0017); released claims keep their row with `released_at`. */
export interface DiscountClaimsTable {
  id: string;
  account_id: string;
  customer_id: string;
  purchase_at: string;
  /** JSON: the claim as posted ({ref?, type?, discounts[...]}). */
  data: string;
  created_at: string;
  created_by: string;
  released_at: string | null;
}

/** One row per rule in a claim: what the usage limits count (released 0/1 follows the claim). */
export interface DiscountClaimUsagesTable {
  claim_id: string;
  account_id: string;
  customer_id: string;
  rule_id: string;
  usage: number;
  /** The claimed refs' amounts for this rule, summed and capped at INT32_MAX; read only as "the reward was used" (> 0). */
  amount: number;
  released: number;
}

export interface DiscountTables {
  discount_rules: DiscountRulesTable;
  discount_rule_customers: DiscountRuleCustomersTable;
  discount_claims: DiscountClaimsTable;
  discount_claim_usages: DiscountClaimUsagesTable;
}
