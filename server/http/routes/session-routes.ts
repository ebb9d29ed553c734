import { SCOPES } from '../../auth/scopes';
import { createSession } from '../../sessions/create-session';
import { getSession } from '../../sessions/get-session';
import { CreateSessionBody, CreateSessionResponse, SessionIdParams, SessionSchema } from '../../sessions/session-schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS };

export const sessionRoutes = [
  defineRoute({
    operationId: 'checkout_session_post',
    method: 'POST',
    path: '/v1/sessions',
    summary: 'Create a checkout session',
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    body: CreateSessionBody,
    idempotent: true,
    responses: { 200: { description: 'Session created; `url` is the hosted checkout', schema: CreateSessionResponse }, ...errors },
    handle: async ({ ctx, actor, body, meta }) => ok(await createSession(ctx, actor, body, meta)),
  }),
  defineRoute({
    operationId: 'checkout_session_get',
    method: 'GET',
    path: '/v1/sessions/{session_id}',
    summary: 'Get a checkout session',
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutRead,
    params: SessionIdParams,
    responses: { 200: { description: 'The session', schema: SessionSchema }, ...errors, ...NOT_FOUND },
    handle: async ({ ctx, actor, params }) => ok(await getSession(ctx, actor, params.session_id)),
  }),
];
