import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import { AccountId, Int32Amount, IsoDateTime, JsonObject, SafeString, SafeText } from '../shared/schemas';
import { TimeZone } from './time-zones';

/** The account API's discount rules (issue 11): /v1/accounts/{aid}/discounts, shapes of public API §3.3/§3.4. */
const Text = SafeString.max(255);
const Matcher = z.strictObject({
  id: Text.min(1).optional(),
  group_id: Text.min(1).optional(),
  barcode: Text.min(1).optional(),
});
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (00:00-23:59)');
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

export const Requirement = z.strictObject({
  purchase_from: IsoDateTime,
  purchase_to: IsoDateTime.describe('Must be after purchase_from'),
  ...baseRequirement,
});

export const REWARD_TYPES = [
  'discount_amount',
  'discount_percent',
  'discount_item_new_price',
  'discount_item_quantity',
  'discount_item_percent',
  'discount_mix_new_price',
  'discount_debit',
] as const;
const PERCENT_TYPES = ['discount_percent', 'discount_item_percent'] as const;
const WHOLE_TYPES = REWARD_TYPES.filter((t) => !(PERCENT_TYPES as readonly string[]).includes(t)) as [
  Exclude<(typeof REWARD_TYPES)[number], (typeof PERCENT_TYPES)[number]>,
  ...Exclude<(typeof REWARD_TYPES)[number], (typeof PERCENT_TYPES)[number]>[],
];

/** A reward of one kind: `type` in `types`, its value and every values[].value of the `value` schema. */
const rewardOf = <T extends readonly [string, ...string[]]>(types: T, value: z.ZodNumber) =>
  z.strictObject({
    type: z.enum(types),
    value,
    values: z
      .array(z.strictObject({ items: z.array(Matcher).min(1).max(100), value }))
      .max(100)
      .optional(),
    base: z.enum(['gross', 'net']).optional(),
    effect: z.enum(['discount', 'bonus']).optional(),
  });

/** A percentage (e.g. 10.5) for the percent types; a whole number (minor units or a quantity) for the others. */
export const Reward = z.discriminatedUnion('type', [
  rewardOf(PERCENT_TYPES, z.number().min(0).max(100, 'a percentage must be at most 100')),
  rewardOf(WHOLE_TYPES, z.number().int('must be a whole number (minor units or a quantity)').min(0).max(INT32_MAX)),
]);

export const Limitation = z.looseObject({
  discount_activation: z
    .array(z.strictObject({ type: z.literal('deactivate_if_discount_active'), value: Text }))
    .max(50)
    .optional(),
  discount_hours: z
    .strictObject({
      timezone: TimeZone.optional(),
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

/**
 * reward and purchase_from may be sent only as stored, and purchase_to may only move later: the use case compares them
 * with the stored rule (409 DISCOUNT_RULE_NOT_UPDATABLE), so a client may send back the rule it read.
 */
export const UpdateRuleBody = z.strictObject({
  ...describing,
  campaign_id: Text.min(1).nullable().optional(),
  requirement: z
    .strictObject({ purchase_from: IsoDateTime.optional(), purchase_to: IsoDateTime.optional(), ...baseRequirement })
    .optional(),
  reward: Reward.optional(),
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
  limitation: z.object({ discount_hours: z.object({ timezone: TimeZone.optional() }).optional() }).optional(),
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
