import { z } from 'zod';
import { getPaymentOperations } from '../../view/get-payment-operations';
import { listSmsMessages } from '../../view/list-sms-messages';
import { publishConfirmationCode } from '../../view/publish-confirmation-code';
import { SessionIdParams } from '../../sessions/session-schemas';
import { ViewWriteHeaders } from '../../view/view-schemas';
import { ErrorBody, ResourceId } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS } from './common-responses';

const notFound = { description: 'Session not found, or no longer payable (`error.cause` says why)', schema: ErrorBody };

const PaymentOperationsSchema = z.object({
  operations: z.array(z.object({ rel: z.string(), method: z.literal('POST'), href: z.string(), content_type: z.literal('application/json') })),
  version: z.string(),
});

const PaymentOperationsQuery = z.strictObject({
  language: z.string().max(16).optional(),
  phone_number: z
    .string()
    .regex(/^\+?[1-9]\d{1,14}$/, 'must be a phone number in E.164 form')
    .optional(),
  email: z.email().max(254).optional(),
  organization_number: z.string().max(50).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code')
    .optional(),
  force_new: z.enum(['true']).optional(),
  domain_name: z.string().max(253).optional(),
});

const SmsSchema = z.object({ id: z.string(), session_id: z.string(), phone_number: z.string(), message: z.string(), created_at: z.string() });

export const viewPaymentRoutes = [
  defineRoute({
    operationId: 'checkout_sid_payments_post',
    method: 'POST',
    path: '/v1/view/{session_id}/payments/{payment_product_type}',
    summary: 'The operations the page follows to pay with a payment type',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams.extend({ payment_product_type: z.string().regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, 'must be <provider>.<method>') }),
    query: PaymentOperationsQuery,
    body: z.strictObject({}),
    bodyOptional: true,
    responses: { 200: { description: 'Payment operations and the session version', schema: PaymentOperationsSchema }, 400: { description: 'Type not available', schema: ErrorBody }, 404: notFound },
    handle: async ({ ctx, params, meta }) => ok(await getPaymentOperations(ctx, params.session_id, params.payment_product_type, meta.baseUrl)),
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
    query: z.strictObject({ session_id: ResourceId.optional(), limit: z.coerce.number().int().min(1).max(100).default(10) }),
    responses: { 200: { description: 'Newest first', schema: z.array(SmsSchema) }, ...AUTH_ERRORS },
    handle: async ({ ctx, actor, query }) => ok(await listSmsMessages(ctx, actor, query)),
  }),
];
