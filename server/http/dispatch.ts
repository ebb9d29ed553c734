import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../app-context';
import { actorForApiKey } from '../auth/api-keys';
import { hasAnyScope, type Actor } from '../auth/scopes';
import { carriesConsoleCookie, consoleActor } from '../console/console-actor';
import { AppError } from '../errors/app-error';
import { uuid } from '../shared/ids';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../shared/json-depth';
import { refuseControlKeys, refuseNul } from '../shared/nul-char';
import { responseProblem } from './declared-responses';
import { isDatabaseUnavailable } from '../db/unavailable';
import { errorResult } from './error-response';
import { queryParameterNames, type RouteDef, type RouteResult } from './route';
import { apiSecurityHeaders, preflightResult } from './security-headers';
import { withIdempotency } from './with-idempotency';
import { routeHeaders } from './route-headers';

/** Framework-neutral request: both adapters (node:http and Next) build one of these. */
export interface HttpRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  body: string | undefined;
  /** The body's bytes were not UTF-8 (then `body` is undefined): JSON and forms must be (RFC 8259). */
  bodyNotUtf8?: true;
  baseUrl: string;
  /** Chosen by the adapter (an incoming `x-request-id`, else a new uuid); echoed as `request-id`. */
  requestId?: string;
  /** The connection's peer address, when the adapter knows it. */
  remoteAddress?: string;
  /**
   * Single-valued headers the request sent more than once, which `headers` holds joined with ", "
   * (node:http's rule); told only by an adapter that sees the raw headers (the node one), and only
   * for the headers in SINGLE_VALUED_HEADERS.
   */
  repeatedHeaders?: readonly string[];
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /** The matched route's operationId (metrics and logs label by it, never by the raw path). */
  operationId?: string;
}

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

const compile = (route: RouteDef): CompiledRoute => {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}/?$`), names };
};

/** The first segment after `/v1/` (`sessions` in `/v1/sessions/{id}`); a template's `{param}` there is undefined. */
const firstSegment = (path: string): string | undefined => {
  const start = path.indexOf('/', 1) + 1;
  if (start === 0) return undefined;
  const end = path.indexOf('/', start);
  const seg = end === -1 ? path.slice(start) : path.slice(start, end);
  return seg.includes('{') ? undefined : seg;
};

/**
 * Routes indexed by their first segment after `/v1/`: a request is tried only against the routes
 * that could match it (that segment, or a `{param}` in its place), in table order, so the first
 * match and the 404/405 decision are exactly those of a scan of the whole table.
 */
const indexRoutes = (compiled: CompiledRoute[]) => {
  const anySegment = compiled.filter((c) => firstSegment(c.route.path) === undefined);
  const bySegment = new Map<string, CompiledRoute[]>();
  for (const c of compiled) {
    const seg = firstSegment(c.route.path);
    if (seg !== undefined && !bySegment.has(seg))
      bySegment.set(
        seg,
        compiled.filter((o) => o === c || firstSegment(o.route.path) === seg || anySegment.includes(o)),
      );
  }
  return (path: string): readonly CompiledRoute[] => {
    const seg = firstSegment(path);
    return (seg !== undefined && bySegment.get(seg)) || anySegment;
  };
};

/**
 * Own properties only: a parameter named `__proto__` is a parameter, never the object's prototype.
 * The bracket form of a list parameter (`status[]=A&status[]=B`, as the public SDKs and API reference
 * write them) is the same parameter as `status=A&status=B`; a route that names `x[]` in its schema
 * gets it under that name as well.
 */
export const queryObject = (q: URLSearchParams): Record<string, string | string[]> => {
  const values = new Map<string, string[]>();
  for (const [key, value] of q) {
    const name = key.length > 2 && key.endsWith('[]') ? key.slice(0, -2) : key;
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  const out: Record<string, string | string[]> = {};
  for (const [key, all] of values) {
    Object.defineProperty(out, key, {
      value: all.length === 1 ? all[0]! : all,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (q.has(`${key}[]`))
      Object.defineProperty(out, `${key}[]`, { value: all, enumerable: true, writable: true, configurable: true });
  }
  return out;
};

/** Named in an answer at most this many times, each name cut to NAME_SHOWN characters (a request may carry hundreds). */
const UNKNOWN_SHOWN = 20;
const NAME_SHOWN = 100;

/**
 * A query parameter the route does not declare is 400 naming it, on every route (ADR 009): an
 * unsupported filter, sort or option would otherwise be dropped and the caller would act on an
 * answer it did not ask for. `x[]` is the parameter `x` (queryObject).
 */
const refuseUndeclaredQuery = (route: RouteDef, q: URLSearchParams): void => {
  const declared = queryParameterNames(route);
  const unknown = new Set<string>();
  for (const key of q.keys()) {
    if (declared.has(key) || (key.length > 2 && key.endsWith('[]') && declared.has(key.slice(0, -2)))) continue;
    unknown.add(key.slice(0, NAME_SHOWN));
  }
  if (unknown.size === 0) return;
  const unsupported = [...unknown].filter((name) => route.unsupportedQuery?.includes(name.replace(/\[\]$/, '')));
  if (unsupported.length)
    throw new AppError('INVALID_REQUEST', `The ${unsupported.join(', ')} filter is not supported by this server`, {
      errors: unsupported.map((name) => ({ path: `query.${name}`, message: 'is not supported by this server' })),
    });
  const shown = [...unknown].slice(0, UNKNOWN_SHOWN);
  const more = unknown.size > shown.length ? ` and ${unknown.size - shown.length} more` : '';
  const names = `${shown.map((n) => JSON.stringify(n)).join(', ')}${more}`;
  const takes = declared.size ? 'the operation takes only those /v1/openapi.json lists' : 'the operation takes none';
  throw new AppError('INVALID_REQUEST', `Unknown query parameter${unknown.size > 1 ? 's' : ''} ${names}: ${takes}`, {
    errors: shown.map((name) => ({
      path: `query.${name}`,
      message: 'is not a query parameter of this operation',
      code: 'unrecognized_keys',
    })),
  });
};

/** An error answer with the route's own fields beside `error` (`errorFields`: /v1/sessions/pay's `success: false`). */
const withErrorFields = (result: RouteResult, fields: Record<string, unknown>): RouteResult => ({
  ...result,
  body: { ...fields, ...(result.body as object) },
});

const parsePart = <S extends z.ZodType | undefined>(schema: S, value: unknown, prefix: string): unknown => {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const at = (path: readonly PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.') || undefined;
  throw new AppError('INVALID_REQUEST', 'The request is not valid', {
    errors: r.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys' ? unknownFields(i, at) : [entry(i, at(i.path))],
    ),
  });
};

const entry = (i: z.core.$ZodIssue, path: string | undefined) => ({ path, message: i.message, code: i.code });

/**
 * An unknown field is named by its own path (zod puts the object's path on the issue and the names in `keys`), its
 * message zod's own only when a schema wrote one; at most UNKNOWN_SHOWN of them (a body may carry thousands).
 */
const unknownFields = (
  i: z.core.$ZodIssueUnrecognizedKeys,
  at: (path: readonly PropertyKey[]) => string | undefined,
) => {
  if (i.keys.length === 0) return [entry(i, at(i.path))];
  const own = !i.message.startsWith('Unrecognized key');
  const message = own ? i.message.slice(0, 500) : 'is not a field of this operation (GET /v1/openapi.json lists them)';
  const shown = i.keys
    .slice(0, UNKNOWN_SHOWN)
    .map((key) => ({ path: at([...i.path, key.slice(0, NAME_SHOWN)]), message, code: i.code }));
  const more = i.keys.length - shown.length;
  return more > 0 ? [...shown, { path: at(i.path), message: `and ${more} more unknown fields`, code: i.code }] : shown;
};

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** A body Kassa can read: uncompressed (else 415), UTF-8 (else 400; another declared charset: 415). */
const assertReadableBody = (req: HttpRequest, type: string): void => {
  const encoding = req.headers['content-encoding'];
  if (encoding && !/^\s*identity\s*$/i.test(encoding)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding ${encoding.slice(0, 40)} is not supported: send the body uncompressed`,
      {
        headers: { 'accept-encoding': 'identity' },
      },
    );
  }
  const charset = CHARSET.exec(type)?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `charset=${charset.slice(0, 40)} is not supported: send the body as UTF-8`,
    );
  if (req.bodyNotUtf8) throw new AppError('INVALID_JSON', 'The request body is not valid UTF-8');
};

const parseBody = (route: RouteDef, req: HttpRequest): unknown => {
  if (!route.body) return undefined;
  const raw = req.body ?? '';
  const type = req.headers['content-type'] ?? '';
  if (raw.trim() === '' && !req.bodyNotUtf8) {
    if (route.bodyOptional) return parsePart(route.body, {}, '');
    throw new AppError('INVALID_REQUEST', 'A JSON request body is required');
  }
  assertReadableBody(req, type);
  if (route.acceptsForm && /^application\/x-www-form-urlencoded\b/i.test(type)) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    refuseNul(form, '');
    refuseControlKeys(form);
    return parsePart(route.body, form, '');
  }
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('INVALID_JSON', 'The request body is not valid JSON');
  }
  if (jsonDepthExceeds(value))
    throw new AppError(
      'JSON_TOO_DEEP',
      `The request body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
    );
  // In JSON text U+0000 can only be the escape \u0000: most bodies skip the walk.
  if (raw.includes('\\u0000')) refuseNul(value, '');
  // in JSON text a C0 control character can only be an escape (DEL may be raw): bodies without one skip the walk
  if (/\\(?:[bfnrt]|u00[01]|u007f)|\x7f/i.test(raw)) refuseControlKeys(value);
  return parsePart(route.body, value, '');
};

/** `%ZZ` or a cut UTF-8 sequence (`%E0%A4%A`) is the client's mistake: 400, not a URIError. */
const decodePathParam = (name: string, raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError('INVALID_REQUEST', `The path parameter ${name} is not valid percent-encoding`, {
      errors: [{ path: `params.${name}`, message: 'is not valid percent-encoding', code: 'invalid_format' }],
    });
  }
};

const authenticate = async (ctx: AppContext, route: RouteDef, req: HttpRequest): Promise<Actor | undefined> => {
  if (route.auth === 'none') return undefined;
  const apiKey = req.headers['x-api-key'];
  let actor: Actor;
  if (apiKey && route.auth === 'bearer-or-api-key') {
    actor = await actorForApiKey(ctx, apiKey);
  } else if (!apiKey && req.headers.authorization === undefined && carriesConsoleCookie(req.headers)) {
    actor = await consoleActor(ctx, req); // a console user's browser (ADR 033): sealed cookie, CSRF token on writes
  } else {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new AppError('UNAUTHORIZED', 'Authorization: Bearer <access token> is required');
    actor = await ctx.tokens.verify(m[1]!);
  }
  if (!hasAnyScope(actor, route.scopes ?? [])) {
    throw new AppError(
      'INSUFFICIENT_SCOPE',
      `This operation needs one of the scopes: ${(route.scopes ?? []).join(', ')}`,
    );
  }
  if (actor.readOnly && route.method !== 'GET')
    throw new AppError('INSUFFICIENT_SCOPE', 'A read-only console user changes nothing: this operation is a write');
  return actor;
};

/**
 * `/v1/accounts/{aid}/...`: a caller only ever sees its own account; another account's paths answer
 * 404 as if nothing were there (checked here, once, for every route with an `aid`).
 */
const assertOwnAccount = (actor: Actor | undefined, aid: string | undefined) => {
  if (actor && aid !== undefined && actor.accountId !== aid)
    throw new AppError('ACCOUNT_NOT_FOUND', `Account ${aid} was not found`);
};

const toResponse = (
  result: RouteResult,
  requestId: string,
  operationId: string | undefined,
  baseUrl: string,
): HttpResponse => {
  const headers: Record<string, string> = {
    ...apiSecurityHeaders(baseUrl),
    'request-id': requestId,
    ...result.headers,
  };
  if (result.body === undefined && result.json === undefined) return { status: result.status, headers, operationId };
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status: result.status, headers, body: result.json ?? JSON.stringify(result.body), operationId };
};

export type Dispatcher = (req: HttpRequest) => Promise<HttpResponse>;

/** A route and its raw path values; or, when routes match the path but not the method, their methods (405, preflight); or nothing (404). */
export type RouteMatch =
  { route: RouteDef; names: string[]; values: string[] } | { allowed: RouteDef['method'][] } | 'ROUTE_NOT_FOUND';

/**
 * Below 0 when template `a` is more specific than `b`: at the first segment where one has a literal and the other a
 * `{param}`, the literal wins (`/v1/sessions/pay` before `/v1/sessions/{session_id}`).
 */
const bySpecificity = (a: string, b: string): number => {
  const [as, bs] = [a.split('/'), b.split('/')];
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const [aParam, bParam] = [as[i]!.startsWith('{'), bs[i]!.startsWith('{')];
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
};

/**
 * The route for a request: of the templates that match the path, only the most specific one counts (a literal
 * segment beats a `{param}`), so `PUT /v1/sessions/pay` is 405 with `Allow: POST`, never an update of a session
 * whose id is "pay"; within it, the first route of the table with the request's method, else 405 with the methods
 * it has (a CORS preflight reads them), else 404. The same answer as a scan of the whole table.
 */
export const routeMatcher = (routes: readonly RouteDef[]) => {
  const candidates = indexRoutes(routes.map(compile));
  return (method: string, path: string): RouteMatch => {
    let template: string | undefined;
    let found: { route: RouteDef; names: string[]; values: string[] } | undefined;
    let allowed: RouteDef['method'][] = [];
    for (const c of candidates(path)) {
      const m = c.regex.exec(path);
      if (!m) continue;
      const order = template === undefined ? -1 : bySpecificity(c.route.path, template);
      if (order > 0) continue;
      if (order < 0) [template, found, allowed] = [c.route.path, undefined, []];
      if (c.route.method === method) found ??= { route: c.route, names: c.names, values: m.slice(1) };
      else allowed.push(c.route.method);
    }
    if (found) return found;
    return allowed.length ? { allowed } : 'ROUTE_NOT_FOUND';
  };
};

export type ErrorFieldsAt = (method: string, path: string) => Record<string, unknown> | undefined;

/** The `errorFields` of the operation a request line names (none for a path or method no operation has). */
export const errorFieldsAt = (routes: readonly RouteDef[]): ErrorFieldsAt => {
  const match = routeMatcher(routes);
  return (method, path) => {
    const found = match(method === 'HEAD' ? 'GET' : method, path);
    return found !== 'ROUTE_NOT_FOUND' && 'route' in found ? found.route.errorFields : undefined;
  };
};

/** Matches a request against the route table, validates it, authenticates, and runs the route's use case. */
export const createDispatcher = (
  ctx: AppContext,
  routes: readonly RouteDef[],
  log: (e: unknown) => void = (e) => console.error(e),
): Dispatcher => {
  const match = routeMatcher(routes);
  // A query schema that is not a z.object fails here, at startup, not on a request.
  for (const route of routes) queryParameterNames(route);
  return async (req) => {
    const requestId = req.requestId ?? uuid();
    let operationId: string | undefined;
    let errorFields: Record<string, unknown> | undefined;
    let matched: RouteDef | undefined;
    try {
      // HEAD is GET without the body (RFC 9110 §9.3.2): node:http and the Web Response leave the body out.
      const found = match(req.method === 'HEAD' ? 'GET' : req.method, req.path);
      if (found === 'ROUTE_NOT_FOUND')
        throw new AppError('ROUTE_NOT_FOUND', `No operation at ${req.method} ${req.path}`);
      if ('allowed' in found) {
        const preflight = preflightResult(found.allowed);
        if (req.method === 'OPTIONS') return toResponse(preflight, requestId, undefined, req.baseUrl);
        throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`, {
          headers: preflight.headers,
        });
      }
      const route = found.route;
      operationId = route.operationId;
      errorFields = route.errorFields;
      matched = route;
      const rawParams = Object.fromEntries(found.names.map((n, i) => [n, decodePathParam(n, found.values[i]!)]));
      const actor = await authenticate(ctx, route, req);
      refuseNul(rawParams, 'params');
      const params = parsePart(route.params, rawParams, 'params');
      assertOwnAccount(actor, rawParams.aid);
      refuseUndeclaredQuery(route, req.query);
      let query: unknown;
      if (route.query) {
        const rawQuery = queryObject(req.query);
        refuseNul(rawQuery, 'query');
        query = parsePart(route.query, rawQuery, 'query');
      }
      const headerSchema = routeHeaders(route);
      const headers = headerSchema ? parsePart(headerSchema, req.headers, 'headers') : undefined;
      const body = parseBody(route, req);
      const meta: RequestMeta = {
        requestId,
        baseUrl: req.baseUrl,
        headers: req.headers,
        ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
      };
      const run = async (idempotency?: RequestMeta['idempotency']): Promise<RouteResult> => {
        const result = await route.handle({
          params,
          query,
          headers,
          body,
          actor,
          meta: idempotency ? { ...meta, idempotency } : meta,
          ctx,
        } as never);
        if (ctx.env.KASSA_VALIDATE_RESPONSES) validateResponse(route, result);
        return result;
      };
      const answered = await withIdempotency(ctx, route, actor, req, run, (err) => log({ requestId, err }));
      // a refusal replayed from its Idempotency-Key is answered in the operation's error shape, as it was the first time
      return toResponse(
        errorFields && answered.status >= 400 ? withErrorFields(answered, errorFields) : answered,
        requestId,
        operationId,
        req.baseUrl,
      );
    } catch (e) {
      const result = errorResult(e, (err) => log({ requestId, err }));
      // A 503 for an unavailable database goes to the log too; create-kassa.ts logs it once per cause.
      if (result.status === 503 && isDatabaseUnavailable(e)) log({ requestId, err: e });
      const answer = errorFields ? withErrorFields(result, errorFields) : result;
      // In tests an error answer is held to the route's declared statuses too (a 500 is already a logged failure).
      const problem =
        matched && ctx.env.KASSA_VALIDATE_RESPONSES && answer.status !== 500
          ? responseProblem(matched, answer)
          : undefined;
      if (problem)
        return toResponse(
          errorResult(new Error(problem), (err) => log({ requestId, err })),
          requestId,
          operationId,
          req.baseUrl,
        );
      return toResponse(answer, requestId, operationId, req.baseUrl);
    }
  };
};

/** In tests every response is checked against what the route table declares for it (declared-responses.ts). */
const validateResponse = (route: RouteDef, result: RouteResult): void => {
  const problem = responseProblem(route, result);
  if (problem) throw new Error(problem);
};
