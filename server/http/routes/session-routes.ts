import { SCOPES } from '../../auth/scopes';
import { createSession } from '../../sessions/create-session';
import { getSession } from '../../sessions/get-session';
import { CreateSessionBody, CreateSessionResponse, SessionIdParams, SessionSchema } from '../../sessions/session-schemas';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';

const errors = {
  400: { description: 'Invalid request', schema: ErrorBody },
  401: { description: 'Missing or invalid access token', schema: ErrorBody },
  403: { description: 'Missing scope', schema: ErrorBody },
};

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
    responses: { 200: { description: 'The session', schema: SessionSchema }, ...errors, 404: { description: 'Not found', schema: ErrorBody } },
    handle: async ({ ctx, actor, params }) => ok(await getSession(ctx, actor, params.session_id)),
  }),
];
