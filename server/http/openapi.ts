import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBody } from '../shared/schemas';
import type { ResponseSpec, RouteDef } from './route';

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

/** ADR 006: every idempotent route takes the header and can answer 400 (bad key) and 409 (key conflicts). */
const IdempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Optional, 1-255 printable ASCII characters, scoped to your account. Repeating a request with the same key and body within 24 hours returns the first response (same ids) with header `idempotent-replayed: true` instead of running it again; the same key with a different request is 409 `IDEMPOTENCY_KEY_REUSED`, and while the first request is still running 409 `IDEMPOTENCY_KEY_IN_PROGRESS`. 5xx and other 409 answers are not stored, so a retry with the key runs again.',
    ),
});
const IDEMPOTENCY_CONFLICT =
  'the Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`) or its first request is still running (`IDEMPOTENCY_KEY_IN_PROGRESS`)';

/** The request headers a route reads (its `headers` schema), with `Idempotency-Key` on idempotent routes. */
const documentedHeaders = (route: RouteDef): { headers?: z.ZodObject } => {
  const own = route.headers as z.ZodObject | undefined;
  if (!route.idempotent) return own ? { headers: own } : {};
  return { headers: own ? own.extend(IdempotencyHeaders.shape) : IdempotencyHeaders };
};

const documentedResponses = (route: RouteDef): Record<number, ResponseSpec> => {
  if (!route.idempotent) return route.responses;
  const conflict = route.responses[409];
  return {
    ...route.responses,
    400: route.responses[400] ?? {
      description: 'Invalid request, e.g. a malformed Idempotency-Key',
      schema: ErrorBody,
    },
    409: conflict
      ? { ...conflict, description: `${conflict.description}; or ${IDEMPOTENCY_CONFLICT}` }
      : { description: `Conflict: ${IDEMPOTENCY_CONFLICT}`, schema: ErrorBody },
  };
};

/** Generated from the route table: the document can never disagree with what the server validates. */
export const buildOpenApiDocument = (routes: readonly RouteDef[], baseUrl: string): unknown => {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, scheme);
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
        ...documentedHeaders(route),
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
      responses: Object.fromEntries(
        Object.entries(documentedResponses(route)).map(([status, spec]) => [
          status,
          {
            description: spec.description,
            ...(spec.headers
              ? {
                  headers: Object.fromEntries(
                    Object.entries(spec.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }]),
                  ),
                }
              : {}),
            ...(spec.schema ? { content: { 'application/json': { schema: spec.schema } } } : {}),
          },
        ]),
      ),
    });
  }
  builds += 1;
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kassa API',
      version: '1.0.0',
      description: 'Hosted checkout and payments. Amounts are integers in minor units.',
    },
    servers: [{ url: baseUrl }],
  });
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
