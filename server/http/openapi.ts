import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { documentEveryPattern, withAddressablePathParams } from './openapi-patterns';
import { z } from 'zod';
import { OPERATION_LINKS } from './openapi-links';
import { declaredResponses, GENERIC_RESPONSES, type GenericResponseName } from './declared-responses';
import type { ResponseSpec, RouteDef } from './route';
import { documentedHeaders } from './route-headers';
import { NO_CONTROL_CHARACTERS } from '../shared/nul-char';

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from POST /v1/accounts/{aid}/auth/token',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'API key from POST /v1/admin/api-keys (admin operations)',
  },
  clientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret, for the token endpoint only' },
} as const;

const security = (route: RouteDef): Record<string, string[]>[] => {
  const scopes = [...(route.scopes ?? [])];
  if (route.auth === 'bearer') return [{ bearerAuth: scopes }];
  if (route.auth === 'bearer-or-api-key') return [{ bearerAuth: scopes }, { apiKey: [] }];
  if (route.path.endsWith('/auth/token')) return [{ clientBasic: [] }];
  return [];
};

/** The request headers a route reads (route-headers.ts), as header parameters. */
const headerParameters = (route: RouteDef): { headers?: z.ZodObject } => {
  const headers = documentedHeaders(route);
  return headers ? { headers } : {};
};

const responseObject = (spec: ResponseSpec) => ({
  description: spec.description,
  ...(spec.headers
    ? {
        headers: Object.fromEntries(
          Object.entries(spec.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' as const } }]),
        ),
      }
    : {}),
  ...(spec.schema ? { content: { 'application/json': { schema: spec.schema } } } : {}),
});

/**
 * Every status the route can answer (declared-responses.ts): its own inline, the generic ones by reference; with the
 * `links` to the operations its answer leads to (openapi-links.ts).
 */
const documentedResponses = (route: RouteDef) =>
  Object.fromEntries(
    Object.entries(declaredResponses(route)).map(([status, { spec, generic }]) => {
      if (generic) return [status, { $ref: `#/components/responses/${generic}` }];
      const links = OPERATION_LINKS[route.operationId]?.[Number(status)];
      return [status, { ...responseObject(spec), ...(links ? { links } : {}) }];
    }),
  );

/** Generated from the route table: the document can never disagree with what the server validates. */
export const buildOpenApiDocument = (routes: readonly RouteDef[], baseUrl: string): unknown => {
  documentEveryPattern(routes);
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, scheme);
  // The generic answers the routes use, each stated once; their body is the Error schema (ErrorBody's id).
  const used = new Set(routes.flatMap((r) => Object.values(declaredResponses(r)).map((d) => d.generic)));
  for (const [name, spec] of Object.entries(GENERIC_RESPONSES)) {
    if (!used.has(name as GenericResponseName)) continue;
    const { schema: _, ...rest } = spec;
    registry.registerComponent('responses', name, {
      ...responseObject(rest),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  }
  for (const route of routes) {
    registry.registerPath({
      method: route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: route.strictScopes
        ? `${route.description ?? ''}\n\nScopes: any of ${(route.scopes ?? []).join(', ')}; on a server with KASSA_SESSION_UPDATE_REQUIRES_WRITE=true, any of ${route.strictScopes.join(', ')}.`.trim()
        : route.description,
      tags: route.tags,
      security: security(route),
      ...(route.scopes ? { 'x-required-scopes-any-of': [...route.scopes] } : {}),
      ...(route.strictScopes ? { 'x-required-scopes-any-of-when-update-requires-write': [...route.strictScopes] } : {}),
      request: {
        ...(route.params ? { params: route.params as z.ZodObject } : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
        ...headerParameters(route),
        ...(route.body
          ? {
              body: {
                required: !route.bodyOptional,
                content: {
                  'application/json': { schema: route.body },
                  ...(route.acceptsForm ? { 'application/x-www-form-urlencoded': { schema: route.body } } : {}),
                },
              },
            }
          : {}),
      },
      responses: documentedResponses(route),
    });
  }
  builds += 1;
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kassa API',
      version: '1.0.0',
      description: 'Hosted checkout and payments. Amounts are integers in minor units.',
    },
    servers: [{ url: baseUrl }],
  });
  withoutNullQueryValues(document.paths);
  withAddressablePathParams(document.paths);
  withKeysStated(document);
  return document;
};

/**
 * Every object that takes keys of the client's choosing (a record, a loose object) says which keys it takes: no
 * control characters (the dispatcher's `refuseControlKeys`), unless its schema states stricter `propertyNames`.
 */
const withKeysStated = (node: unknown): void => {
  const stack: unknown[] = [node];
  while (stack.length) {
    const at = stack.pop();
    if (Array.isArray(at)) stack.push(...at);
    else if (at && typeof at === 'object') {
      const schema = at as Record<string, unknown>;
      if ('additionalProperties' in schema && schema.additionalProperties !== false && !schema.propertyNames)
        schema.propertyNames = { pattern: NO_CONTROL_CHARACTERS };
      stack.push(...Object.values(schema));
    }
  }
};

/**
 * A query string cannot carry null: a coerced number (`z.coerce.number()`, whose input zod types as unknown) is
 * generated as `["integer", "null"]`; in a query parameter it is the integer alone.
 */
const withoutNullQueryValues = (paths: unknown): void => {
  for (const item of Object.values((paths ?? {}) as Record<string, Record<string, { parameters?: unknown[] }>>))
    for (const op of Object.values(item))
      for (const p of (op.parameters ?? []) as { in?: string; schema?: { type?: unknown } }[]) {
        const type = p.schema?.type;
        if (p.in !== 'query' || !Array.isArray(type) || !type.includes('null')) continue;
        const rest = type.filter((t) => t !== 'null');
        p.schema!.type = rest.length === 1 ? rest[0] : rest;
      }
};

let builds = 0;
/** How many documents this process has generated (a test asserts it stays at one per route table). */
export const openApiDocumentsBuilt = (): number => builds;

const documents = new WeakMap<readonly RouteDef[], Record<string, unknown>>();

/**
 * The document for a route table, generated on first use and kept (one per table, never per
 * host); a request gets a shallow copy with its own `servers` entry, nothing is stored per request.
 */
export const openApiDocumentFor = (routes: readonly RouteDef[], baseUrl: string): Record<string, unknown> => {
  let document = documents.get(routes);
  if (!document) {
    document = buildOpenApiDocument(routes, '/') as Record<string, unknown>;
    documents.set(routes, document);
  }
  return { ...document, servers: [{ url: baseUrl }] };
};
