import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import { AccountId, Int32Amount, IsoDateTime, JsonObject, SafeString, SafeText } from '../shared/schemas';

/** The account API's discount rules (issue 11): /v1/accounts/{aid}/discounts, shapes of public API §3.3/§3.4. */
const Text = SafeString.max(255);
const Matcher = z.strictObject({
  id: Text.min(1).optional(),
  group_id: Text.min(1).optional(),
  barcode: Text.min(1).optional(),
});
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (00:00-23:59)');
const validTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const baseRequirement = {
  customer: JsonObject.optional(),
  item: z
    .strictObject({
      quantity: z.number().int().min(0).max(1_000_000).optional(),
      mixes: z
        .array(
          z.strictObject({
            items: z.array(Matcher).min(1).max(100),
            quantity: z.number().int().min(1).max(1_000_000),
            reward_eligible: z.boolean().optional(),
          }),
        )
        .max(20)
        .optional(),
      items: z.array(Matcher).max(500).optional(),
    })
    .optional(),
  store_ids: z.array(Text).max(1000).optional(),
  gross_amount: Int32Amount.optional(),
  net_amount: Int32Amount.optional(),
  currencies: z
    .array(
      z.union([
        z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 code'),
        z.strictObject({ 'anything-but': z.array(z.string().regex(/^[A-Za-z]{3}$/)).min(1) }),
      ]),
    )
    .max(200)
    .optional(),
  stamp: z.union([z.number().int().min(0), z.looseObject({ quantity: z.number().int().min(0).optional() })]).optional(),
  discount_code: z.union([Text.min(1), z.array(Text.min(1)).max(100)]).optional(),
  store: JsonObject.optional(),
};

export const Requirement = z.strictObject({ purchase_from: IsoDateTime, purchase_to: IsoDateTime, ...baseRequirement });

export const REWARD_TYPES = [
  'discount_amount',
  'discount_percent',
  'discount_item_new_price',
  'discount_item_quantity',
  'discount_item_percent',
  'discount_mix_new_price',
  'discount_debit',
] as const;
const PERCENT_TYPES = new Set<string>(['discount_percent', 'discount_item_percent']);

export const Reward = z
  .strictObject({
    type: z.enum(REWARD_TYPES),
    value: z.number().min(0).max(INT32_MAX),
    values: z
      .array(z.strictObject({ items: z.array(Matcher).min(1).max(100), value: z.number().min(0).max(INT32_MAX) }))
      .max(100)
      .optional(),
    base: z.enum(['gross', 'net']).optional(),
    effect: z.enum(['discount', 'bonus']).optional(),
  })
  .superRefine((r, ctx) => {
    const values = [r.value, ...(r.values ?? []).map((v) => v.value)];
    if (PERCENT_TYPES.has(r.type) && values.some((v) => v > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be at most 100' });
    if (!PERCENT_TYPES.has(r.type) && values.some((v) => !Number.isInteger(v)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole number (minor units or a quantity)' });
  });

export const Limitation = z.looseObject({
  discount_activation: z
    .array(z.strictObject({ type: z.literal('deactivate_if_discount_active'), value: Text }))
    .max(50)
    .optional(),
  discount_hours: z
    .strictObject({
      timezone: z.string().refine(validTimeZone, 'must be an IANA timezone, e.g. Europe/Oslo').optional(),
      hours: z
        .array(
          z.strictObject({ day: z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']), start: HHMM, end: HHMM }),
        )
        .max(100),
    })
    .optional(),
  discount_reward_usage: z.number().int().min(-1).optional(),
  discount_combination: z.union([z.literal(-1), z.literal(0)]).optional(),
  discount_eligible: z
    .enum(['item_eligible_for_discount', 'item_eligible_for_discount_no_discount', 'receipt_no_discount'])
    .optional(),
  discount_repeat_usage: z.number().int().min(-1).optional(),
  stamp_expire_days: z.number().int().min(-1).optional(),
  blacklist: z.array(Matcher).max(500).optional(),
});

const Links = z
  .array(z.strictObject({ href: SafeString.min(1).max(2048), rel: Text.optional(), type: Text.optional() }))
  .max(20);

const describing = {
  campaign_id: Text.min(1).optional(),
  active: z.boolean().optional(),
  private: z.boolean().optional(),
  name: Text.optional(),
  receipt_text: Text.optional(),
  description: SafeText.max(2000).optional(),
  visible_from: IsoDateTime.optional(),
  limitation: Limitation.optional(),
  metadata: JsonObject.optional(),
  links: Links.optional(),
};

const windowIsOpen = (req: { purchase_from: string; purchase_to: string }): boolean =>
  Date.parse(req.purchase_from) < Date.parse(req.purchase_to);

/** The most item matchers one rule may have in all: requirement.item.items and mixes[].items, reward.values[].items, limitation.blacklist (ADR 031). */
export const MAX_RULE_MATCHERS = 1000;

interface MatcherLists {
  requirement?: { item?: { items?: unknown[]; mixes?: { items: unknown[] }[] } };
  reward?: unknown;
  limitation?: { blacklist?: unknown[] };
}

export const matcherCount = (rule: MatcherLists): number => {
  const values = (rule.reward as { values?: { items?: unknown[] }[] } | undefined)?.values ?? [];
  const lists = [
    rule.requirement?.item?.items,
    ...(rule.requirement?.item?.mixes ?? []).map((m) => m.items),
    ...values.map((v) => v.items),
    rule.limitation?.blacklist,
  ];
  return lists.reduce<number>((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
};

export const tooManyMatchers = (rule: MatcherLists): string | undefined => {
  const count = matcherCount(rule);
  return count > MAX_RULE_MATCHERS
    ? `a rule may have at most ${MAX_RULE_MATCHERS} item matchers in all (items, mixes, reward.values, blacklist); this one has ${count}`
    : undefined;
};

export const CreateRuleBody = z
  .strictObject({
    ...describing,
    type: z.enum(['item', 'receipt']).optional(),
    requirement: Requirement,
    reward: Reward,
  })
  .refine((b) => windowIsOpen(b.requirement), {
    path: ['requirement', 'purchase_to'],
    message: 'must be after purchase_from',
  })
  .superRefine((b, ctx) => {
    const problem = tooManyMatchers(b);
    if (problem) ctx.addIssue({ code: 'custom', path: ['requirement'], message: problem });
  });
export type CreateRuleInput = z.infer<typeof CreateRuleBody>;

/** reward and purchase_from may be sent only unchanged; purchase_to may only move later (checked by the use case). */
export const UpdateRuleBody = z.strictObject({
  ...describing,
  campaign_id: Text.min(1).nullable().optional(),
  requirement: z
    .strictObject({ purchase_from: IsoDateTime.optional(), purchase_to: IsoDateTime.optional(), ...baseRequirement })
    .optional(),
  reward: z.unknown().optional(),
});
export type UpdateRuleInput = z.infer<typeof UpdateRuleBody>;

/** What `discount_rules.data` holds and the API returns besides the entity fields. */
export type RuleData = Omit<CreateRuleInput, 'campaign_id' | 'active'>;

export const RuleSchema = z.looseObject({
  id: z.string(),
  campaign_id: z.string().optional(),
  active: z.boolean(),
  private: z.boolean(),
  type: z.enum(['item', 'receipt']),
  requirement: JsonObject,
  reward: JsonObject,
  customers: z.array(z.string()).optional(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  updated_by: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type RuleView = z.infer<typeof RuleSchema>;

export const RuleParams = z.object({ aid: AccountId, rule_id: Text.min(1) });
export const AccountParams = z.object({ aid: AccountId });

export const ListRulesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: Text.min(1).optional(),
  state: z.enum(['all', 'available', 'deleted', 'inactive']).default('all'),
  campaign_id: Text.min(1).optional(),
});
export type ListRulesInput = z.infer<typeof ListRulesQuery>;

/** `*` is any customer_id, `/` a purchase without one. */
export const GiveRuleBody = z.strictObject({
  customers: z.array(Text.min(1)).min(1).max(1000),
  offering_constraint_id: Text.optional(),
});
