import { z } from 'zod';
import { CallbackView } from '../../callbacks/callback-view';
import { ListCallbacksQuery, listCallbacks } from '../../callbacks/list-callbacks';
import { retryCallback } from '../../callbacks/retry-callback';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const SCOPES = ['admin:checkout'] as const;

export const callbackRoutes = [
  defineRoute({
    operationId: 'admin_callbacks_list',
    method: 'GET',
    path: '/v1/admin/callbacks',
    summary: 'The merchant callback delivery log',
    description:
      "Every callback sent to a session's `url.callback_url`, newest first, with its status (`PENDING`, `DELIVERED`, `FAILED`) and each attempt (`event-delivery` id, start, HTTP status, latency, error). Filter by `session_id` or `transaction_id`; page with `limit` and `starting_after` (the last id of the previous page).",
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    query: ListCallbacksQuery,
    responses: {
      200: { description: 'Callbacks with their attempts', schema: z.array(CallbackView) },
      ...INVALID_REQUEST,
      ...AUTH_ERRORS,
    },
    handle: async ({ ctx, actor, query }) => ok(await listCallbacks(ctx, actor, query)),
  }),
  defineRoute({
    operationId: 'admin_callbacks_retry',
    method: 'POST',
    path: '/v1/admin/callbacks/{callback_id}/retry',
    summary: 'Deliver a callback again',
    description:
      'A `DELIVERED` or `FAILED` callback becomes `PENDING` and is due now, with a new series of up to 20 attempts; a `PENDING` one is made due now. The `event_id` stays the same; each attempt has a new `event-delivery`.',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    params: z.object({ callback_id: z.string().uuid() }),
    body: z.strictObject({}),
    bodyOptional: true,
    idempotent: true,
    responses: {
      200: { description: 'The callback, now pending', schema: CallbackView },
      ...AUTH_ERRORS,
      ...NOT_FOUND,
    },
    handle: async ({ ctx, actor, params }) => ok(await retryCallback(ctx, actor, params.callback_id)),
  }),
];
