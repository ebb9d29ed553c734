import { SCOPES } from '../../auth/scopes';
import {
  extendAuthorization,
  ExtendAuthorizationBody,
  syncTransactionStatus,
  SyncStatusBody,
  TransactionIntentAnswer,
} from '../../payments';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok, type ResponseSpec } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

/**
 * The named operations on a transaction the reference lists as `POST /events/transaction/{intent}` (ADR 036): one
 * route per intent, so that each documents the body it takes.
 */
const responses = (conflict: string): Record<number, ResponseSpec> => ({
  200: { description: 'What the intent did, and the transaction after it', schema: TransactionIntentAnswer },
  ...INVALID_REQUEST,
  ...AUTH_ERRORS,
  ...NOT_FOUND,
  409: { description: conflict, schema: ErrorBody },
  503: { description: 'The payment provider is temporarily unavailable; nothing changed', schema: ErrorBody },
});

export const transactionEventRoutes = [
  defineRoute({
    operationId: 'events_transaction_sync_status_post',
    method: 'POST',
    path: '/v1/events/transaction/sync_status',
    summary: "Compare a transaction with its provider's record and book what Kassa missed",
    description:
      'Asks the payment provider for the transaction and books, as events with their callbacks, the captures, refunds and voids it did that Kassa had not recorded (`changed: false` when they agree; what the transaction cannot take is listed in `unreconciled`).',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    body: SyncStatusBody,
    idempotent: true,
    responses: responses('The transaction changed meanwhile'),
    handle: async ({ ctx, actor, body, meta }) =>
      ok(await syncTransactionStatus(ctx, actor, body.transaction_id, meta)),
  }),
  defineRoute({
    operationId: 'events_transaction_extend_authorization_post',
    method: 'POST',
    path: '/v1/events/transaction/extend_authorization',
    summary: "Extend a pay-later transaction's authorization",
    description:
      'As POST /v1/transactions/{id}/authorization without `amount`, recording `reason` and `reference` on the AUTHORIZE event.',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    body: ExtendAuthorizationBody,
    idempotent: true,
    responses: responses('The authorization cannot be extended, or the transaction changed meanwhile'),
    handle: async ({ ctx, actor, body, meta }) => ok(await extendAuthorization(ctx, actor, body, meta)),
  }),
];
