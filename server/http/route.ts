import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';

/**
 * - none: no credentials (hosted page, redirect, customer pay, token endpoint).
 * - bearer: `Authorization: Bearer <JWT>` from the token endpoint.
 * - bearer-or-api-key: as bearer, or `x-api-key` (admin operations).
 */
export type AuthKind = 'none' | 'bearer' | 'bearer-or-api-key';

/**
 * A credential (or console user) an operation issues, reads, changes or removes (ADR 042). Its use case applies
 * the no-escalation rule (server/auth/no-escalation.ts); the generated credential-escalation suite proves it for
 * every route that declares one and fails for a route that answers a secret or manages credentials without it.
 */
export interface CredentialEffect {
  kind: 'client' | 'client-grant' | 'api-key' | 'console-user' | 'signing-secret' | 'access-token';
  act: 'create' | 'rotate' | 'grant' | 'change' | 'delete' | 'issue' | 'read';
}

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  /** The body already as JSON text (a hot read built from stored JSON columns); sent as it is, instead of `body`. */
  json?: string;
  headers?: Record<string, string>;
  /** What an Idempotency-Key replay answers instead of `body`: a secret answered once is never stored (ADR 030). */
  replayBody?: unknown;
}

export interface HandlerInput<P, Q, H, B, A extends AuthKind> {
  params: P;
  query: Q;
  headers: H;
  body: B;
  actor: A extends 'none' ? undefined : Actor;
  meta: RequestMeta;
  ctx: AppContext;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  H extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthKind = AuthKind,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path, e.g. /v1/sessions/{session_id} */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  /** Any one of these scopes is enough. */
  scopes?: readonly string[];
  /**
   * Replaces `scopes` when the deployment sets KASSA_SESSION_UPDATE_REQUIRES_WRITE=true (`routesFor`
   * in route-table.ts); the OpenAPI document states both.
   */
  strictScopes?: readonly string[];
  /** What credential this operation issues, reads, changes or removes (ADR 042); absent: none. */
  credential?: CredentialEffect;
  params?: P;
  /**
   * A z.object: its keys are the only query parameters the route takes; any other is 400 (ADR 009).
   * Without it the route takes none.
   */
  query?: Q;
  /**
   * Query parameters of the public API reference that this server cannot apply: not in the document, and refused
   * (400) naming them as unsupported rather than as unknown, so a job never acts on a list it took for filtered.
   */
  unsupportedQuery?: readonly string[];
  headers?: H;
  body?: B;
  /** The body may be absent or empty (void). */
  bodyOptional?: boolean;
  /** The body may also be an HTML form (`application/x-www-form-urlencoded`, every value a string): pages that work without JavaScript. */
  acceptsForm?: boolean;
  /**
   * Creates or moves something: honours the `Idempotency-Key` header (ADR 006). Every
   * authenticated POST sets this, or is listed with a reason in test/unit/idempotent-routes.test.ts.
   */
  idempotent?: boolean;
  /**
   * Fields beside `error` in every error answer of this operation, under the ones the error itself names
   * (POST /v1/sessions/pay: `success: false`, and `session_id` once the session exists).
   */
  errorFields?: Record<string, unknown>;
  responses: Record<number, ResponseSpec>;
  /** Maps the parsed input to ONE use case and its result to a response. */
  handle: (input: HandlerInput<Out<P>, Out<Q>, Out<H>, Out<B>, A>) => Promise<RouteResult>;
}

/** Identity function that keeps each route's types precise inside the table. */
export const defineRoute = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends AuthKind = AuthKind,
>(
  def: RouteDef<P, Q, H, B, A>,
): RouteDef => def as unknown as RouteDef;

const declaredQuery = new WeakMap<RouteDef, ReadonlySet<string>>();

/**
 * The query parameters a route declares: the keys of its `query` schema (none without one). The
 * dispatcher refuses any other, so a filter or option a route does not have is never ignored.
 */
export const queryParameterNames = (route: RouteDef): ReadonlySet<string> => {
  let names = declaredQuery.get(route);
  if (!names) {
    const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (route.query && !shape)
      throw new Error(`${route.operationId}: a query schema must be a z.object (its keys are the parameters it takes)`);
    names = new Set(Object.keys(shape ?? {}));
    declaredQuery.set(route, names);
  }
  return names;
};

export const ok = (body: unknown, headers?: Record<string, string>): RouteResult => ({ status: 200, body, headers });
/** 200 with a body that is already JSON text. */
export const okJson = (json: string): RouteResult => ({ status: 200, json });
export const redirect = (location: string): RouteResult => ({ status: 302, headers: { location } });
