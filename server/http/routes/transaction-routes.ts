import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { includesParam } from '../../sessions/session-schemas';
import { TRANSACTION_INCLUDES } from '../../payments';
import { ErrorBody } from '../../shared/schemas';
import { captureTransaction } from '../../payments';
import { getTransactionJson } from '../../payments';
import { refundTransaction } from '../../payments';
import { voidTransaction } from '../../payments';
import {
  AuthorizationBody,
  CaptureBody,
  RefundBody,
  TransactionIdParams,
  TransactionSchema,
  UpdateTransactionBody,
  VoidBody,
} from '../../payments';
import { listTransactions, ListTransactionsQuery, UNSUPPORTED_TRANSACTION_FILTERS } from '../../payments';
import { updateAuthorization } from '../../payments';
import { updateTransaction } from '../../payments';
import type { MoneyOperationResult } from '../../payments';
import { defineRoute, ok, okJson, type RouteResult } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const responses = {
  200: { description: 'The transaction', schema: TransactionSchema },
  400: {
    description: 'Invalid request, or the operation is not allowed in the current state (`error.code` says which)',
    schema: ErrorBody,
  },
  ...AUTH_ERRORS,
  ...NOT_FOUND,
};
/** 200 with the transaction, or 202 with `event-request-id` when the provider completes it later or its outcome is not known yet. */
const operationResult = (r: MoneyOperationResult): RouteResult =>
  r.eventRequestId ? { status: 202, json: r.json, headers: { 'event-request-id': r.eventRequestId } } : okJson(r.json);

const operationResponses = {
  ...responses,
  202: {
    description:
      'Pending: the status is unchanged and the amount stays reserved until an event with `initiate_request_id` completes it (or a failed one with OPERATION_FAILED gives it back). Either the provider accepted the operation for later, or it did not answer in time and may have done it (the INITIATE_* event then has `provider_outcome: unknown` and a `message`): Kassa asks the provider until it knows. Do not send the operation again as a new one; repeating the same reference or Idempotency-Key answers this 202 again',
    schema: TransactionSchema,
    headers: {
      'event-request-id': 'Id of the INITIATE_* event; the completing event carries it as initiate_request_id',
    },
  },
  409: { description: 'A conflicting operation on this transaction is in progress; retry', schema: ErrorBody },
  503: {
    description:
      'The payment provider could not be reached: nothing was sent to it and nothing changed; the operation may be tried again',
    schema: ErrorBody,
  },
};

/**
 * The spec's `includes` of capture, refund and void (deprecated there: the headers are included by default, as they
 * are in the answer: OPERATION_ANSWER_INCLUDES). Accepted so clients that send it keep working.
 */
const OperationQuery = z.object({
  includes: includesParam(['events.request_headers', 'initiating_system_request_headers']).describe(
    "Deprecated, accepted for compatibility: the answer always includes the events' `request_headers` and `initiating_system_request_headers`",
  ),
});

export const transactionRoutes = [
  defineRoute({
    operationId: 'transactions_id_get',
    method: 'GET',
    path: '/v1/transactions/{id}',
    summary: 'Get a transaction',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutRead,
    description:
      '`includes=card.payment_token` / `card.recurrence_token` add the card tokens of a payment-token session; they are never returned otherwise.',
    params: TransactionIdParams,
    query: z.object({ includes: includesParam(TRANSACTION_INCLUDES) }),
    responses,
    handle: async ({ ctx, actor, params, query }) =>
      okJson(await getTransactionJson(ctx, actor, params.id, query.includes)),
  }),
  defineRoute({
    operationId: 'transactions_id_capture_post',
    method: 'POST',
    path: '/v1/transactions/{id}/capture',
    summary: 'Capture (part of) an authorized transaction',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIdParams,
    query: OperationQuery,
    body: CaptureBody,
    idempotent: true,
    responses: operationResponses,
    handle: async ({ ctx, actor, params, body, meta }) =>
      operationResult(await captureTransaction(ctx, actor, params.id, body, meta)),
  }),
  defineRoute({
    operationId: 'transactions_id_refund_post',
    method: 'POST',
    path: '/v1/transactions/{id}/refund',
    summary: 'Refund (part of) what was captured',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIdParams,
    query: OperationQuery,
    body: RefundBody,
    idempotent: true,
    responses: operationResponses,
    handle: async ({ ctx, actor, params, body, meta }) =>
      operationResult(await refundTransaction(ctx, actor, params.id, body, meta)),
  }),
  defineRoute({
    operationId: 'transactions_id_void_post',
    method: 'POST',
    path: '/v1/transactions/{id}/void',
    summary: 'Void the authorization (before any capture)',
    description: 'Accepts no body, `{}`, or `{"id": "<the same transaction id>"}`.',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIdParams,
    query: OperationQuery,
    body: VoidBody,
    bodyOptional: true,
    idempotent: true,
    responses: operationResponses,
    handle: async ({ ctx, actor, params, body, meta }) =>
      operationResult(await voidTransaction(ctx, actor, params.id, body, meta)),
  }),
  defineRoute({
    operationId: 'transactions_get',
    method: 'GET',
    path: '/v1/transactions',
    summary: 'List transactions, newest first',
    description:
      'Array parameters repeat (`?status=A&status=B`) or are comma-separated. Dates are ISO 8601; without a timezone UTC is assumed, and an end date `yyyy-mm-dd` includes that whole day.',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutRead,
    query: ListTransactionsQuery,
    unsupportedQuery: UNSUPPORTED_TRANSACTION_FILTERS,
    responses: {
      200: { description: 'Transactions', schema: z.array(TransactionSchema) },
      ...INVALID_REQUEST,
      ...AUTH_ERRORS,
    },
    handle: async ({ ctx, actor, query }) => ok(await listTransactions(ctx, actor, query)),
  }),
  defineRoute({
    operationId: 'transactions_id_put',
    method: 'PUT',
    path: '/v1/transactions/{id}',
    summary: 'Update merchant_reference_2',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIdParams,
    body: UpdateTransactionBody,
    responses,
    handle: async ({ ctx, actor, params, body }) => ok(await updateTransaction(ctx, actor, params.id, body)),
  }),
  defineRoute({
    operationId: 'transactions_id_authorization_post',
    method: 'POST',
    path: '/v1/transactions/{id}/authorization',
    summary: 'Update the authorization',
    description:
      'sandbox.invoice: without `amount` extends the authorization; with `amount` (and `items` summing to it) updates the order amount. sandbox.creditcard: `amount` and `final_authorization` update the pre-authorization (without final_authorization the amount must grow; a final one locks further updates; `items` are required when the transaction has items). A transaction ON_HOLD is authorized (`amount`/`items`, if given, must match the order).',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIdParams,
    body: AuthorizationBody,
    bodyOptional: true,
    idempotent: true,
    responses: { ...responses, 409: { description: 'The authorization cannot be updated', schema: ErrorBody } },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await updateAuthorization(ctx, actor, params.id, body, meta)),
  }),
];
