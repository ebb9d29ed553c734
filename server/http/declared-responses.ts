import { ZodError } from 'zod';
import { ErrorBody } from '../shared/schemas';
import type { ResponseSpec, RouteDef, RouteResult } from './route';

/**
 * The answers every route of a kind can give, whatever its use case does (issue 27 item 17): derived here from what
 * the route declares (input, auth, body, idempotency), never added route by route. The document states each once
 * under `components.responses` and refers to it.
 */
const IDEMPOTENCY_CONFLICT =
  'the Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`) or its first request is still running (`IDEMPOTENCY_KEY_IN_PROGRESS`)';

export const GENERIC_RESPONSES = {
  InvalidRequest: {
    description:
      'Invalid request (`error.code` says why, `error.errors` names each field): a value its schema refuses, a query parameter the operation does not take, a malformed Idempotency-Key',
    schema: ErrorBody,
  },
  Unauthorized: { description: 'Missing or invalid credentials', schema: ErrorBody },
  Forbidden: { description: 'The credentials lack a scope this operation needs', schema: ErrorBody },
  AccountNotFound: {
    description: 'Not found: `aid` is not the account of the credentials (`ACCOUNT_NOT_FOUND`)',
    schema: ErrorBody,
  },
  IdempotencyConflict: { description: `Conflict: ${IDEMPOTENCY_CONFLICT}`, schema: ErrorBody },
  PayloadTooLarge: { description: 'The request body is larger than 1 MiB (`PAYLOAD_TOO_LARGE`)', schema: ErrorBody },
  UnsupportedMediaType: {
    description: 'The body is not `application/json` (or a form where one is taken), or compressed, or not UTF-8',
    schema: ErrorBody,
  },
  HeadersTooLarge: {
    description: 'The request line and headers are larger than 16 KiB (`HEADERS_TOO_LARGE`)',
    schema: ErrorBody,
  },
  ServiceUnavailable: {
    description: 'The database cannot be reached (`SERVICE_UNAVAILABLE`): retry after `Retry-After` seconds',
    schema: ErrorBody,
    headers: { 'Retry-After': 'Seconds to wait before retrying' },
  },
} as const satisfies Record<string, ResponseSpec>;

export type GenericResponseName = keyof typeof GENERIC_RESPONSES;

/** A declared answer: the route's own spec, or a generic one by name (the document refers to it). */
export type DeclaredResponse = { spec: ResponseSpec; generic?: GenericResponseName };

const generic = (name: GenericResponseName): DeclaredResponse => ({ spec: GENERIC_RESPONSES[name], generic: name });

const derive = (route: RouteDef): Record<number, DeclaredResponse> => {
  const own = Object.fromEntries(Object.entries(route.responses).map(([s, spec]) => [s, { spec }]));
  const derived: Record<number, DeclaredResponse> = {
    // Every route refuses a query parameter it does not declare (ADR 009), so every route can answer 400.
    400: generic('InvalidRequest'),
    431: generic('HeadersTooLarge'),
    503: generic('ServiceUnavailable'),
  };
  if (route.auth !== 'none') Object.assign(derived, { 401: generic('Unauthorized'), 403: generic('Forbidden') });
  if (route.path.includes('{aid}')) derived[404] = generic('AccountNotFound');
  if (route.method !== 'GET') derived[413] = generic('PayloadTooLarge');
  if (route.body) derived[415] = generic('UnsupportedMediaType');
  if (route.idempotent) {
    const conflict = route.responses[409];
    derived[409] = conflict
      ? { spec: { ...conflict, description: `${conflict.description}; or ${IDEMPOTENCY_CONFLICT}` } }
      : { spec: GENERIC_RESPONSES.IdempotencyConflict }; // inline: its description names the codes
  }
  const declared: Record<number, DeclaredResponse> = { ...derived, ...own };
  if (route.idempotent) declared[409] = derived[409]!;
  return declared;
};

const cache = new WeakMap<RouteDef, Record<number, DeclaredResponse>>();

/** Every status `route` can answer, with its spec: the route's own and the derived ones. */
export const declaredResponses = (route: RouteDef): Record<number, DeclaredResponse> => {
  let declared = cache.get(route);
  if (!declared) cache.set(route, (declared = derive(route)));
  return declared;
};

/** What is wrong with an answer of `route` against what it declares (status, then body schema), or undefined. */
export const responseProblem = (route: RouteDef, result: RouteResult): string | undefined => {
  const declared = declaredResponses(route)[result.status];
  if (!declared) return `${route.operationId} answered ${result.status}, which the route table does not declare`;
  const body: unknown = result.json !== undefined ? JSON.parse(result.json) : result.body;
  if (!declared.spec.schema || body === undefined) return undefined;
  const r = declared.spec.schema.safeParse(body);
  return r.success
    ? undefined
    : `${route.operationId} ${result.status} does not match its schema: ${new ZodError(r.error.issues).message}`;
};
