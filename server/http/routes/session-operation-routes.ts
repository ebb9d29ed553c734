import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { cancelSession } from '../../sessions/cancel-session';
import { createPaymentTokenSession } from '../../sessions/create-payment-token-session';
import { listSessions, ListSessionsQuery } from '../../sessions/list-sessions';
import { payMerchantInitiated } from '../../payments';
import { redirectSession } from '../../sessions/redirect-session';
import {
  CreatePaymentTokenSessionBody,
  CreateSessionResponse,
  IncludeSessionQuery,
  PayMerchantInitiatedBody,
  SessionIdParams,
  SessionSchema,
  UpdateSessionBody,
  UpdateSessionQuery,
} from '../../sessions/session-schemas';
import { updateSession } from '../../sessions/update-session';
import { ErrorBody, SafeString } from '../../shared/schemas';
import { TransactionSchema } from '../../payments';
import { defineRoute, ok, redirect } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';
import { SessionCreateHeaders } from '../../shared/request-headers';

const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS };
const sessionOk = { 200: { description: 'The session', schema: SessionSchema } };
const PayResult = TransactionSchema.extend({
  session_id: z.string(),
  success: z.boolean(),
  actions: z.array(z.object({ source: z.string(), code: z.string(), type: z.enum(['success', 'error']) })),
});
/** Every error answer of POST /v1/sessions/pay: the error beside the session pay result (`errorFields` below). */
const PayError = ErrorBody.extend({
  session_id: z
    .string()
    .optional()
    .describe(
      'The session this request made, so its status can be checked. Absent when the request was refused before a session was made (the body, a missing token, a payment type the configuration does not enable, a duplicate merchant_reference under the strict toggles; nothing is stored then), and on 401 and 403',
    ),
  success: z.literal(false),
  actions: z.array(z.unknown()).optional(),
});

export const sessionOperationRoutes = [
  defineRoute({
    operationId: 'checkout_sessions_get',
    method: 'GET',
    path: '/v1/sessions',
    summary: 'List sessions, newest first',
    description:
      "`search` matches merchant references and the customer name (case-insensitive). Page with `limit` (1-100, default 10) and `starting_after` (the last id of the previous page). `includes=events.latest` adds each session's latest event.",
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutRead,
    query: ListSessionsQuery,
    responses: { 200: { description: 'Sessions', schema: z.array(SessionSchema) }, ...errors },
    handle: async ({ ctx, actor, query }) => ok(await listSessions(ctx, actor, query)),
  }),
  defineRoute({
    operationId: 'checkout_session_put',
    method: 'PUT',
    path: '/v1/sessions/{session_id}',
    summary: 'Update the order of an open session',
    description:
      'The session must be locked (by the checkout) unless `update_without_lock=true`. `order.amount` must equal the items plus the shipping option less the order-level `discount_lines`; the option must be one of `express.shipping_options`. With a shipping address callback URL, the callback runs unless the update sets `express.shipping_options` (then only with `force_shipping_address_callback=true`). `remove_lock` (default true) releases the lock.',
    tags: ['sessions'],
    auth: 'bearer',
    // the spec lists admin:checkout and read:checkout for update; write:checkout is accepted as well.
    // KASSA_SESSION_UPDATE_REQUIRES_WRITE=true takes read:checkout away (README, Security notes).
    scopes: [...SCOPES.checkoutRead, 'write:checkout'],
    strictScopes: SCOPES.checkoutWrite,
    params: SessionIdParams,
    query: UpdateSessionQuery,
    body: UpdateSessionBody,
    responses: {
      ...sessionOk,
      ...errors,
      ...NOT_FOUND,
      409: { description: 'The session changed meanwhile; retry', schema: ErrorBody },
      502: { description: 'The shipping address callback failed', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, params, query, body, meta }) =>
      ok(await updateSession(ctx, actor, params.session_id, body, query, meta)),
  }),
  defineRoute({
    operationId: 'checkout_session_cancel_post',
    method: 'POST',
    path: '/v1/sessions/{session_id}/cancel',
    summary: 'Cancel a session (voids its initiated or authorized transaction)',
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: SessionIdParams,
    body: z.strictObject({}),
    bodyOptional: true,
    idempotent: true,
    responses: {
      ...sessionOk,
      ...errors,
      ...NOT_FOUND,
      409: { description: 'A payment is in progress; retry', schema: ErrorBody },
      503: { description: 'The provider is unavailable; nothing changed', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, params, meta }) => ok(await cancelSession(ctx, actor, params.session_id, meta)),
  }),
  defineRoute({
    operationId: 'checkout_session_payment_token_post',
    method: 'POST',
    path: '/v1/sessions/payment-token',
    summary: "Create a session that saves the customer's card as a payment token, without charging it",
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    query: IncludeSessionQuery,
    body: CreatePaymentTokenSessionBody,
    headers: SessionCreateHeaders,
    idempotent: true,
    responses: { 200: { description: 'Session created', schema: CreateSessionResponse }, ...errors },
    handle: async ({ ctx, actor, query, body, meta }) =>
      ok(await createPaymentTokenSession(ctx, actor, body, meta, { includeSession: query.include_session })),
  }),
  defineRoute({
    operationId: 'checkout_sessions_pay_post',
    method: 'POST',
    path: '/v1/sessions/pay',
    summary: 'Create and pay a session with a stored card token (merchant-initiated)',
    description:
      'A declined authorization is a 200 with status FAILED and the error in `events[].error`; do not retry when its code is DO_NOT_RETRY. `Kassa-Feature-Toggles`: `strict-merchant-reference`, `strict-success-merchant-reference`. Every error body carries `success: false`, and `session_id` once the session exists (a 500 after it was made, a 409 while its payment is in progress); a 400 refuses the request before any session is made and has none.',
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    body: PayMerchantInitiatedBody,
    headers: SessionCreateHeaders,
    idempotent: true,
    errorFields: { success: false },
    responses: {
      200: { description: 'The transaction and the pay result', schema: PayResult },
      400: {
        description:
          'Invalid request. A 400 refuses the request before a session is made, so it has no session_id: no session or transaction was stored, and the request may be corrected and sent again',
        schema: PayError,
      },
      401: { ...AUTH_ERRORS[401], schema: PayError },
      403: { ...AUTH_ERRORS[403], schema: PayError },
      409: {
        description:
          'Under strict-success-merchant-reference, a payment with the same merchant_reference is still in progress; retry',
        schema: PayError,
      },
      500: { description: 'Unexpected error', schema: PayError },
    },
    handle: async ({ ctx, actor, body, meta }) => ok(await payMerchantInitiated(ctx, actor, body, meta)),
  }),
  defineRoute({
    operationId: 'checkout_session_redirect_get',
    method: 'GET',
    path: '/v1/sessions/{session_id}/redirect/{redirect_ref}',
    summary: 'Send the customer to the return URL with the result of a payment attempt (no authentication)',
    tags: ['checkout view'],
    auth: 'none',
    params: SessionIdParams.extend({ redirect_ref: SafeString.min(1).max(100) }),
    responses: {
      302: {
        description: 'Redirect to the return URL',
        headers: { location: 'return_url with transaction_id, merchant_reference and error' },
      },
      ...INVALID_REQUEST,
      ...NOT_FOUND,
    },
    handle: async ({ ctx, params }) => redirect(await redirectSession(ctx, params.session_id, params.redirect_ref)),
  }),
];
