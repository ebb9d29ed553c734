import { z } from 'zod';
import { buildOpenApiDocument } from './openapi';
import { defineRoute, ok, type RouteDef } from './route';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { callbackRoutes } from './routes/callback-routes';
import { gatewayRoutes } from './routes/gateway-routes';
import { profileRoutes } from './routes/profile-routes';
import { sessionOperationRoutes } from './routes/session-operation-routes';
import { sessionRoutes } from './routes/session-routes';
import { transactionRoutes } from './routes/transaction-routes';
import { viewRoutes } from './routes/view-routes';

/** THE route table: every /v1 operation, declared once. Both HTTP adapters and the OpenAPI document read it. */
const apiRoutes: RouteDef[] = [...authRoutes, ...sessionOperationRoutes, ...sessionRoutes, ...viewRoutes, ...transactionRoutes, ...adminRoutes, ...callbackRoutes, ...gatewayRoutes, ...profileRoutes];

const documents = new Map<string, unknown>();

const openApiRoute = defineRoute({
  operationId: 'openapi_get',
  method: 'GET',
  path: '/v1/openapi.json',
  summary: 'This OpenAPI 3.1 document',
  tags: ['meta'],
  auth: 'none',
  responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  handle: async ({ meta }) => {
    if (!documents.has(meta.baseUrl)) documents.set(meta.baseUrl, buildOpenApiDocument(ROUTES, meta.baseUrl));
    return ok(documents.get(meta.baseUrl));
  },
});

export const ROUTES: readonly RouteDef[] = [...apiRoutes, openApiRoute];
