import { z } from 'zod';
import { SandboxGatewayConfig } from '../../providers/sandbox/sandbox-gateway';
import { getSandboxGateway, updateSandboxGateway } from '../../providers/sandbox/update-sandbox-gateway';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST } from './common-responses';

const SCOPES = ['admin:checkout', 'write:checkout:/admin/gateways'] as const;
const Body = z.strictObject({ configuration: z.strictObject({ sandbox: SandboxGatewayConfig }) });
const description =
  'Switches of the built-in test acquirer, for testing your integration: `unavailable` makes capture, refund and void answer 503 (nothing changes) until switched off; `async_operations` makes them answer 202 and complete `async_delay_ms` later; `silent` does them but never answers (as a timeout looks): 202 with the outcome unknown (`provider_outcome: unknown` on the INITIATE_* event), settled from the sandbox status. Amounts ending in 02 are always asynchronous.';

export const gatewayRoutes = [
  defineRoute({
    operationId: 'admin_gateway_sandbox_put',
    method: 'PUT',
    path: '/v1/admin/gateways/sandbox',
    summary: 'Configure the sandbox gateway',
    description,
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    body: Body,
    responses: { 204: { description: 'Saved' }, ...INVALID_REQUEST, ...AUTH_ERRORS },
    handle: async ({ ctx, actor, body }) => {
      await updateSandboxGateway(ctx, actor, body.configuration.sandbox);
      return { status: 204 };
    },
  }),
  defineRoute({
    operationId: 'admin_gateway_sandbox_get',
    method: 'GET',
    path: '/v1/admin/gateways/sandbox',
    summary: 'Read the sandbox gateway configuration',
    description,
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: SCOPES,
    responses: {
      200: {
        description: 'The configuration',
        schema: z.object({ configuration: z.object({ sandbox: SandboxGatewayConfig }) }),
      },
      ...AUTH_ERRORS,
    },
    handle: async ({ ctx, actor }) => ok({ configuration: { sandbox: await getSandboxGateway(ctx, actor) } }),
  }),
];
