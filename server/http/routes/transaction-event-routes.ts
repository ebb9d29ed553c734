import { SCOPES } from '../../auth/scopes';
import {
  runTransactionIntent,
  TransactionIntentAnswer,
  TransactionIntentBody,
  TransactionIntentParams,
} from '../../payments';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, NOT_FOUND } from './common-responses';

/** `POST /v1/events/transaction/{intent}`: the named operations on a transaction (ADR 036). */
export const transactionEventRoutes = [
  defineRoute({
    operationId: 'events_transaction_intent_post',
    method: 'POST',
    path: '/v1/events/transaction/{intent}',
    summary: 'A named operation on a transaction: sync_status or extend_authorization',
    description:
      '`sync_status` asks the payment provider for the transaction and books, as events with their callbacks, the captures, refunds and voids it did that Kassa had not recorded (`changed: false` when they agree; what the transaction cannot take is listed in `unreconciled`). `extend_authorization` extends a pay-later authorization (as POST /v1/transactions/{id}/authorization without `amount`), recording `reason` and `reference`.',
    tags: ['transactions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    params: TransactionIntentParams,
    body: TransactionIntentBody,
    idempotent: true,
    responses: {
      200: { description: 'What the intent did, and the transaction after it', schema: TransactionIntentAnswer },
      400: { description: 'Invalid request or unknown intent (`error.code` says which)', schema: ErrorBody },
      ...AUTH_ERRORS,
      ...NOT_FOUND,
      409: {
        description: 'The authorization cannot be extended, or the transaction changed meanwhile',
        schema: ErrorBody,
      },
      503: { description: 'The payment provider is temporarily unavailable; nothing changed', schema: ErrorBody },
    },
    handle: async ({ ctx, actor, params, body, meta }) =>
      ok(await runTransactionIntent(ctx, actor, params.intent, body, meta)),
  }),
];
