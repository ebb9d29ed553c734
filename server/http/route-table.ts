import { z } from 'zod';
import type { Env } from '../config/env';
import { openApiDocumentFor } from './openapi';
import { defineRoute, ok, type RouteDef } from './route';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { callbackRoutes } from './routes/callback-routes';
import { checkoutConfigRoutes } from './routes/checkout-config-routes';
import { consoleUserRoutes } from './routes/console-user-routes';
import { accountAuthRoutes } from './routes/client-routes';
import { customerRoutes } from './routes/customer-routes';
import { discountRoutes } from './routes/discount-routes';
import { gatewayRoutes } from './routes/gateway-routes';
import { orderRoutes } from './routes/order-routes';
import { paymentAppRoutes } from './routes/payment-app-routes';
import { profileRoutes } from './routes/profile-routes';
import { sessionOperationRoutes } from './routes/session-operation-routes';
import { sessionRoutes } from './routes/session-routes';
import { terminalRoutes } from './routes/terminal-routes';
import { transactionEventRoutes } from './routes/transaction-event-routes';
import { transactionRoutes } from './routes/transaction-routes';
import { viewOrderRoutes } from './routes/view-order-routes';
import { viewPaymentRoutes } from './routes/view-payment-routes';
import { viewRoutes } from './routes/view-routes';
import { walletRoutes } from './routes/wallet-routes';

/** THE route table: every /v1 operation, declared once. Both HTTP adapters and the OpenAPI document read it. */
const apiRoutes: RouteDef[] = [
  ...authRoutes,
  ...accountAuthRoutes,
  ...consoleUserRoutes,
  ...sessionOperationRoutes,
  ...sessionRoutes,
  ...viewRoutes,
  ...viewOrderRoutes,
  ...viewPaymentRoutes,
  ...transactionRoutes,
  ...transactionEventRoutes,
  ...adminRoutes,
  ...checkoutConfigRoutes,
  ...callbackRoutes,
  ...gatewayRoutes,
  ...paymentAppRoutes,
  ...profileRoutes,
  ...customerRoutes,
  ...walletRoutes,
  ...terminalRoutes,
  ...discountRoutes,
  ...orderRoutes,
];

const openApiRoute = defineRoute({
  operationId: 'openapi_get',
  method: 'GET',
  path: '/v1/openapi.json',
  summary: 'This OpenAPI 3.1 document',
  tags: ['meta'],
  auth: 'none',
  responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  // Built once; each request only puts its (trusted, ADR 007) origin into `servers`.
  handle: async ({ meta }) => ok(openApiDocumentFor(ROUTES, meta.baseUrl)),
});

export const ROUTES: readonly RouteDef[] = [...apiRoutes, openApiRoute];

/**
 * The table a process dispatches with: ROUTES, where a route's `strictScopes` replace its `scopes`
 * when KASSA_SESSION_UPDATE_REQUIRES_WRITE=true. The scopes stay declared in one place, the route.
 */
export const routesFor = (env: Pick<Env, 'KASSA_SESSION_UPDATE_REQUIRES_WRITE'>): readonly RouteDef[] =>
  env.KASSA_SESSION_UPDATE_REQUIRES_WRITE
    ? ROUTES.map((r) => (r.strictScopes ? { ...r, scopes: r.strictScopes } : r))
    : ROUTES;
