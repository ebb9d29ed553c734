import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { createDiscountRule } from '../../discounts/create-discount-rule';
import { deleteDiscountRule } from '../../discounts/delete-discount-rule';
import {
  AccountParams,
  CreateRuleBody,
  GiveRuleBody,
  ListRulesQuery,
  RuleParams,
  RuleSchema,
  UpdateRuleBody,
} from '../../discounts/discount-schemas';
import { ClaimBody, ClaimParams, ClaimSchema, ListClaimsQuery } from '../../discounts/claim-schemas';
import { ReceiptBody, ReceiptSchema } from '../../discounts/receipt-schemas';
import { discountsForReceipt } from '../../discounts/discounts-for-receipt';
import { MAX_RULE_ITEM_PAIRS, MAX_RULES_PER_RECEIPT } from '../../discounts/receipt-work-limits';
import { listDiscountClaims } from '../../discounts/list-discount-claims';
import { recordDiscountClaim } from '../../discounts/record-discount-claim';
import { releaseDiscountClaim } from '../../discounts/release-discount-claim';
import { getDiscountRule } from '../../discounts/get-discount-rule';
import { giveDiscountRule } from '../../discounts/give-discount-rule';
import { listDiscountRules } from '../../discounts/list-discount-rules';
import { takeDiscountRule } from '../../discounts/take-discount-rule';
import { updateDiscountRule } from '../../discounts/update-discount-rule';
import { defineRoute, ok, okJson } from '../route';
import { pagingHeaders } from '../../shared/paging';
import { ErrorBody } from '../../shared/schemas';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

/** Issue 11: the account API's discount operations, under /v1/accounts/{aid}/discounts (public API §3.3). */
const RULES = '/v1/accounts/{aid}/discounts/rules';
const RULE = `${RULES}/{rule_id}`;
const CLAIMS = '/v1/accounts/{aid}/discounts/available_for_receipt/claims';
const discounts = { tags: ['discounts'], auth: 'bearer' as const };
const ERRORS = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };
const one = { 200: { description: 'The discount rule', schema: RuleSchema } };

export const discountRoutes = [
  defineRoute({
    ...discounts,
    operationId: 'discounts_rules_post',
    method: 'POST',
    path: RULES,
    summary: 'Create a discount rule (it applies to nobody until given to customers)',
    scopes: SCOPES.discountsWrite,
    params: AccountParams,
    body: CreateRuleBody,
    idempotent: true,
    responses: { ...one, ...ERRORS },
    handle: async ({ ctx, actor, body, meta }) => ok(await createDiscountRule(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rules_get',
    method: 'GET',
    path: RULES,
    summary: 'List discount rules, oldest first (state: all (not deleted), available, inactive, deleted)',
    scopes: SCOPES.discountsRead,
    params: AccountParams,
    query: ListRulesQuery,
    responses: {
      200: {
        description: 'Rules',
        schema: z.array(RuleSchema),
        headers: { paging_token: 'Present when there are more: pass it as `starting_after`' },
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, query }) => {
      const page = await listDiscountRules(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rule_get',
    method: 'GET',
    path: RULE,
    summary: 'Get a discount rule with the customers it is given to',
    scopes: SCOPES.discountsRead,
    params: RuleParams,
    responses: { ...one, ...ERRORS },
    handle: async ({ ctx, actor, params }) => ok(await getDiscountRule(ctx, actor, params.rule_id)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rule_put',
    method: 'PUT',
    path: RULE,
    summary: 'Update a discount rule (not reward nor purchase_from; purchase_to only later)',
    scopes: SCOPES.discountsWrite,
    params: RuleParams,
    body: UpdateRuleBody,
    responses: {
      ...one,
      ...ERRORS,
      409: {
        description:
          'DISCOUNT_RULE_NOT_UPDATABLE: a reward or purchase_from other than the stored one, or a purchase_to earlier than it',
        schema: ErrorBody,
      },
    },
    handle: async ({ ctx, actor, params, body }) => ok(await updateDiscountRule(ctx, actor, params.rule_id, body)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rule_delete',
    method: 'DELETE',
    path: RULE,
    summary: 'Delete a discount rule (soft: it no longer applies); returns it',
    scopes: SCOPES.discountsWrite,
    params: RuleParams,
    responses: { ...one, ...ERRORS },
    handle: async ({ ctx, actor, params }) => ok(await deleteDiscountRule(ctx, actor, params.rule_id)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rule_customers_post',
    method: 'POST',
    path: `${RULE}/customers`,
    summary: 'Give a rule to customers (`*` any customer_id, `/` purchases without customer)',
    scopes: SCOPES.discountsWrite,
    params: RuleParams,
    body: GiveRuleBody,
    idempotent: true,
    responses: {
      200: { description: 'Every customer the rule is given to', schema: z.object({ customers: z.array(z.string()) }) },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, params, body }) =>
      ok(await giveDiscountRule(ctx, actor, params.rule_id, body.customers)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_rule_customers_delete',
    method: 'DELETE',
    path: `${RULE}/customers`,
    summary: 'Take a rule back from customers (`*` in the list: from everyone)',
    scopes: SCOPES.discountsWrite,
    params: RuleParams,
    body: GiveRuleBody,
    responses: {
      200: {
        description: 'Every customer the rule is still given to',
        schema: z.object({ customers: z.array(z.string()) }),
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, params, body }) =>
      ok(await takeDiscountRule(ctx, actor, params.rule_id, body.customers)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_available_for_receipt_post',
    method: 'POST',
    path: '/v1/accounts/{aid}/discounts/available_for_receipt',
    summary: 'The receipt with the discounts it qualifies for (discounts, discount_lines and totals); stores nothing',
    description:
      `See docs/discounts.md for how a rule is evaluated, combined, allocated and rounded. A receipt is evaluated against at most ${MAX_RULES_PER_RECEIPT} rules and ` +
      `${MAX_RULE_ITEM_PAIRS} rule-item pairs (its items × the rules that could apply: given to its customer, active, purchase_at in their window); past either, 400 INVALID_REQUEST naming the limit.`,
    scopes: SCOPES.discountsForReceipt,
    params: AccountParams,
    body: ReceiptBody,

    responses: { 200: { description: 'The receipt with discounts', schema: ReceiptSchema }, ...ERRORS },
    handle: async ({ ctx, actor, body }) => okJson(await discountsForReceipt(ctx, actor, body)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_claims_post',
    method: 'POST',
    path: CLAIMS,
    summary:
      'Record that a customer used discounts (refused with 409 beyond discount_repeat_usage or discount_reward_usage)',
    scopes: SCOPES.discountsWrite,
    params: AccountParams,
    body: ClaimBody,
    idempotent: true,
    responses: {
      200: { description: 'The claim', schema: ClaimSchema },
      ...ERRORS,
      409: { description: 'A usage limit would be exceeded', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await recordDiscountClaim(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_claims_get',
    method: 'GET',
    path: CLAIMS,
    summary: 'List claims that are not released, oldest first (customer_id filters)',
    scopes: SCOPES.discountsRead,
    params: AccountParams,
    query: ListClaimsQuery,
    responses: {
      200: {
        description: 'Claims',
        schema: z.array(ClaimSchema),
        headers: { paging_token: 'Present when there are more: pass it as `starting_after`' },
      },
      ...ERRORS,
    },
    handle: async ({ ctx, actor, query }) => {
      const page = await listDiscountClaims(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...discounts,
    operationId: 'discounts_claim_delete',
    method: 'DELETE',
    path: `${CLAIMS}/{claim_id}`,
    summary: 'Release a claim: its usage no longer counts; returns it',
    scopes: SCOPES.discountsWrite,
    params: ClaimParams,
    responses: { 200: { description: 'The released claim', schema: ClaimSchema }, ...ERRORS },
    handle: async ({ ctx, actor, params }) => ok(await releaseDiscountClaim(ctx, actor, params.claim_id)),
  }),
];
