import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { RouteDef } from './route';

const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from POST /v1/accounts/{aid}/auth/token' },
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key from POST /v1/admin/api-keys (admin operations)' },
  clientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret, for the token endpoint only' },
} as const;

const security = (route: RouteDef): Record<string, string[]>[] => {
  const scopes = [...(route.scopes ?? [])];
  if (route.auth === 'bearer') return [{ bearerAuth: scopes }];
  if (route.auth === 'bearer-or-api-key') return [{ bearerAuth: scopes }, { apiKey: [] }];
  if (route.path.endsWith('/auth/token')) return [{ clientBasic: [] }];
  return [];
};

/** Generated from the route table: the document can never disagree with what the server validates. */
export const buildOpenApiDocument = (routes: readonly RouteDef[], baseUrl: string): unknown => {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, scheme);
  for (const route of routes) {
    registry.registerPath({
      method: route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: security(route),
      ...(route.scopes ? { 'x-required-scopes-any-of': [...route.scopes] } : {}),
      request: {
        ...(route.params ? { params: route.params as z.ZodObject } : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
        ...(route.body ? { body: { required: !route.bodyOptional, content: { 'application/json': { schema: route.body } } } } : {}),
      },
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, spec]) => [
          status,
          {
            description: spec.description,
            ...(spec.headers ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) } : {}),
            ...(spec.schema ? { content: { 'application/json': { schema: spec.schema } } } : {}),
          },
        ]),
      ),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Kassa API', version: '1.0.0', description: 'Hosted checkout and payments. Amounts are integers in minor units.' },
    servers: [{ url: baseUrl }],
  });
};
