import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { createSession } from '../../sessions/create-session';
import { createSessionFromProfile } from '../../sessions/create-session-from-profile';
import { getSession } from '../../sessions/get-session';
import { SESSION_INCLUDES } from '../../sessions/session-repository';
import {
  CreateSessionBody,
  CreateSessionFromProfileBody,
  CreateSessionResponse,
  IncludeSessionQuery,
  includesParam,
  SessionIdParams,
  SessionSchema,
} from '../../sessions/session-schemas';
import { defineRoute, ok, okJson } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';
import { SessionCreateHeaders } from '../../shared/request-headers';

const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS };
const created = {
  200: {
    description: 'Session created; `url` is the hosted checkout (plus `session` with include_session=true)',
    schema: CreateSessionResponse,
  },
};
const headersDoc =
  '`order.shipping_option` must be one of `express.shipping_options` when both are set (400 SHIPPING_OPTION_NOT_AVAILABLE), as on update. Headers: `Kassa-Feature-Toggles` (`strict-session-amounts`), and `Kassa-System-Name`, `Kassa-System-Version`, `Kassa-System-Plugin-Name`, `Kassa-System-Plugin-Version`, recorded on the INITIATED event. The `Dintero-` spelling of each is accepted.';

export const sessionRoutes = [
  defineRoute({
    operationId: 'checkout_session_post',
    method: 'POST',
    path: '/v1/sessions',
    summary: 'Create a checkout session',
    description: headersDoc,
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    query: IncludeSessionQuery,
    body: CreateSessionBody,
    headers: SessionCreateHeaders,
    idempotent: true,
    responses: { ...created, ...errors },
    handle: async ({ ctx, actor, body, query, meta }) =>
      ok(await createSession(ctx, actor, body, meta, { includeSession: query.include_session })),
  }),
  defineRoute({
    operationId: 'checkout_session_profile_post',
    method: 'POST',
    path: '/v1/sessions-profile',
    summary: 'Create a checkout session from a session profile',
    description: `The profile supplies \`configuration\` and URL defaults; \`metadata["session:profile_id"]\` is set. ${headersDoc}`,
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutWrite,
    query: IncludeSessionQuery,
    body: CreateSessionFromProfileBody,
    headers: SessionCreateHeaders,
    idempotent: true,
    responses: { ...created, ...errors, ...NOT_FOUND },
    handle: async ({ ctx, actor, body, query, meta }) =>
      ok(await createSessionFromProfile(ctx, actor, body, meta, { includeSession: query.include_session })),
  }),
  defineRoute({
    operationId: 'checkout_session_get',
    method: 'GET',
    path: '/v1/sessions/{session_id}',
    summary: 'Get a checkout session',
    description:
      'Stored request headers (credentials redacted) are returned only with `includes=events.request_headers` or `includes=initiating_system_request_headers`.',
    tags: ['sessions'],
    auth: 'bearer',
    scopes: SCOPES.checkoutRead,
    params: SessionIdParams,
    query: z.object({ includes: includesParam(SESSION_INCLUDES) }),
    responses: { 200: { description: 'The session', schema: SessionSchema }, ...errors, ...NOT_FOUND },
    handle: async ({ ctx, actor, params, query }) =>
      okJson(await getSession(ctx, actor, params.session_id, query.includes)),
  }),
];
