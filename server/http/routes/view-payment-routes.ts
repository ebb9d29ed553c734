import { z } from 'zod';
import { getPaymentOperations } from '../../view/get-payment-operations';
import { settleCustomerAction } from '../../payments';
import { listSmsMessages } from '../../view/list-sms-messages';
import { publishConfirmationCode } from '../../view/publish-confirmation-code';
import { SessionIdParams } from '../../sessions/session-schemas';
import { ViewWriteHeaders } from '../../view/view-schemas';
import { ErrorBody, ResourceId } from '../../shared/schemas';
import { defineRoute, ok, redirect } from '../route';
import { AUTH_ERRORS, PAY_LIMITED } from './common-responses';

const notFound = { description: 'Session not found, or no longer payable (`error.cause` says why)', schema: ErrorBody };

const InstallmentProduct = z.object({
  id: z.string(),
  type: z.enum(['interest_free', 'annuity']),
  credit_time: z.number().int(),
  campaign_fee: z.number().int(),
  origination_fee: z.number().int(),
  notification_fee: z.number().int(),
  annual_interest_rate: z.number(),
  effective_annual_interest_rate: z.number(),
  total_amount: z.number().int(),
  monthly_amount: z.number().int(),
  first_monthly_amount: z.number().int(),
});

const PaymentOperationsSchema = z.object({
  operations: z.array(
    z.object({
      rel: z.string(),
      method: z.literal('POST'),
      href: z.string(),
      content_type: z.literal('application/json'),
      product: InstallmentProduct.optional().describe(
        'sandbox.installment: one operation per plan, pay with `payment.product.id`',
      ),
    }),
  ),
  version: z.string(),
});

const PaymentOperationsQuery = z.strictObject({
  language: z.string().max(16).optional(),
  phone_number: z
    .string()
    .regex(/^\+?[1-9]\d{1,14}$/, 'must be a phone number in E.164 form')
    .optional(),
  email: z.email().max(254).optional(),
  organization_number: z
    .string()
    .regex(/^\d{9,10}$/, 'must be 9 digits (Norway) or 10 digits (Sweden)')
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code')
    .optional(),
  force_new: z.enum(['true']).optional(),
  domain_name: z.string().max(253).optional(),
});

const SmsSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  phone_number: z.string(),
  message: z.string(),
  created_at: z.string(),
});

const DecisionBody = z.strictObject({
  decision: z
    .enum(['complete', 'fail', 'approve', 'reject'])
    .describe('3ds: complete or fail; wallet: approve or reject'),
  back: z
    .string()
    .max(2000)
    .optional()
    .describe('The checkout page to return to (a relative `/?sid=` of this session; anything else is ignored)'),
});

export const viewPaymentRoutes = [
  defineRoute({
    operationId: 'sandbox_customer_action_post',
    method: 'POST',
    path: '/v1/view/{session_id}/sandbox/{kind}/{transaction_id}',
    summary:
      "The sandbox's 3-D Secure or wallet page answers: 302 back to the checkout with `payment` (and `payment_error` when it did not pay)",
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams.extend({ kind: z.enum(['3ds', 'wallet']), transaction_id: ResourceId }),
    body: DecisionBody,
    acceptsForm: true,
    responses: {
      302: {
        description: 'Back to the checkout page',
        headers: { location: 'The checkout page with `payment` and `payment_error`' },
      },
      400: { description: 'A decision that does not fit the page', schema: ErrorBody },
      404: { description: 'No such payment on this session', schema: ErrorBody },
    },
    handle: async ({ ctx, params, body, meta }) =>
      redirect(
        await settleCustomerAction(ctx, params.session_id, params.transaction_id, body.decision, body.back, meta),
      ),
  }),
  defineRoute({
    operationId: 'checkout_sid_payments_post',
    method: 'POST',
    path: '/v1/view/{session_id}/payments/{payment_product_type}',
    summary:
      'The operations the page follows to pay with a payment type (checks the customer details the type needs; part-payment plans; `force_new` drops an attempt left waiting on a 3-D Secure or wallet page)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams.extend({
      payment_product_type: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, 'must be <provider>.<method>'),
    }),
    query: PaymentOperationsQuery,
    body: z.strictObject({}),
    bodyOptional: true,
    responses: {
      200: { description: 'Payment operations and the session version', schema: PaymentOperationsSchema },
      400: { description: 'Type not available', schema: ErrorBody },
      404: notFound,
      429: PAY_LIMITED,
    },
    handle: async ({ ctx, params, query, meta }) =>
      ok(await getPaymentOperations(ctx, params.session_id, params.payment_product_type, query, meta.baseUrl)),
  }),
  defineRoute({
    operationId: 'checkout_sid_send_scc',
    method: 'POST',
    path: '/v1/view/{session_id}/session/publish/scc',
    summary: 'Send the payer a confirmation code by SMS (200 sent, 202 sent again)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams,
    headers: ViewWriteHeaders,
    body: z.strictObject({}),
    bodyOptional: true,
    responses: {
      200: { description: 'Sent', schema: z.object({ sent: z.literal(true) }) },
      202: { description: 'Sent again', schema: z.object({ sent: z.literal(true) }) },
      400: { description: 'No phone number on the session', schema: ErrorBody },
      404: notFound,
      412: { description: "`If-Unmodified-Since` does not match the session's `updated_at`", schema: ErrorBody },
      429: {
        description: 'Too many codes sent for this session within an hour',
        schema: ErrorBody,
        headers: { 'Retry-After': 'Seconds until a code would be sent' },
      },
    },
    handle: async ({ ctx, params, headers, meta }) => {
      const { resent } = await publishConfirmationCode(ctx, params.session_id, headers['if-unmodified-since'], meta);
      return { status: resent ? 202 : 200, body: { sent: true } };
    },
  }),
  defineRoute({
    operationId: 'admin_sms_list',
    method: 'GET',
    path: '/v1/admin/sms',
    summary: "The SMS sink: messages sent for the account's sessions (no SMS gateway is called)",
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ['admin:checkout', 'read:checkout'],
    query: z.strictObject({
      session_id: ResourceId.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(10),
    }),
    responses: { 200: { description: 'Newest first', schema: z.array(SmsSchema) }, ...AUTH_ERRORS },
    handle: async ({ ctx, actor, query }) => ok(await listSmsMessages(ctx, actor, query)),
  }),
];
