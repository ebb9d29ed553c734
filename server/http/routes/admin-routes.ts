import { z } from 'zod';
import { ApiKeyCreated, ApiKeyRead, CreateApiKeyBody, createApiKey, listApiKeys } from '../../auth/api-keys';
import { deleteApiKey } from '../../auth/delete-api-key';
import { rotateApiKey } from '../../auth/rotate-api-key';
import { createSignatureSecret, getSignatureSecret } from '../../signature/signature-secrets';
import { ErrorBody } from '../../shared/schemas';
import { defineRoute, ok } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND, SCOPE_NOT_HELD } from './common-responses';

const ADMIN_SCOPES = ['admin:checkout', 'write:checkout:/admin/checkout'] as const;
const SignatureSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  signature: z.object({ type: z.literal('v0-hmac-sha256'), secret: z.string() }),
});
const errors = AUTH_ERRORS;
const ApiKeyParams = z.object({
  api_key_id: z.string().min(1).max(100).describe('The id of a key of this account; any other value is 404'),
});

export const adminRoutes = [
  defineRoute({
    operationId: 'admin_signature_get',
    credential: { kind: 'signing-secret', act: 'read' },
    method: 'GET',
    path: '/v1/admin/signature',
    summary: 'Get the callback signing secret',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ADMIN_SCOPES,
    responses: {
      200: { description: 'The current secret', schema: SignatureSchema },
      ...errors,
      404: { description: 'No secret yet', schema: ErrorBody },
    },
    handle: async ({ ctx, actor }) => ok(await getSignatureSecret(ctx, actor)),
  }),
  defineRoute({
    operationId: 'admin_signature_post',
    credential: { kind: 'signing-secret', act: 'rotate' },
    method: 'POST',
    path: '/v1/admin/signature',
    summary: 'Create or rotate the callback signing secret',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ADMIN_SCOPES,
    body: z.strictObject({}),
    bodyOptional: true,
    idempotent: true,
    responses: {
      200: { description: 'The new secret; every later callback is signed with it', schema: SignatureSchema },
      ...errors,
    },
    handle: async ({ ctx, actor, meta }) => ok(await createSignatureSecret(ctx, actor, meta)),
  }),
  defineRoute({
    operationId: 'admin_api_keys_post',
    credential: { kind: 'api-key', act: 'create' },
    method: 'POST',
    path: '/v1/admin/api-keys',
    summary: 'Create an API key (sent as `x-api-key`); the key is shown only in this response',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ['admin:checkout'],
    body: CreateApiKeyBody,
    responses: { 200: { description: 'The key', schema: ApiKeyCreated }, ...INVALID_REQUEST, ...errors },
    handle: async ({ ctx, actor, body }) => ok(await createApiKey(ctx, actor, body)),
  }),
  defineRoute({
    operationId: 'admin_api_keys_get',
    method: 'GET',
    path: '/v1/admin/api-keys',
    summary: 'List API keys',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ['admin:checkout'],
    responses: { 200: { description: 'Keys (without the secret)', schema: z.array(ApiKeyRead) }, ...errors },
    handle: async ({ ctx, actor }) => ok(await listApiKeys(ctx, actor)),
  }),
  defineRoute({
    operationId: 'admin_api_keys_delete',
    credential: { kind: 'api-key', act: 'delete' },
    method: 'DELETE',
    path: '/v1/admin/api-keys/{api_key_id}',
    summary: 'Delete an API key',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ['admin:checkout'],
    params: ApiKeyParams,
    responses: {
      200: { description: 'The deleted key', schema: ApiKeyRead },
      ...errors,
      ...SCOPE_NOT_HELD('the key'),
      ...NOT_FOUND,
    },
    handle: async ({ ctx, actor, params }) => ok(await deleteApiKey(ctx, actor, params.api_key_id)),
  }),
  defineRoute({
    operationId: 'admin_api_keys_rotate_post',
    credential: { kind: 'api-key', act: 'rotate' },
    method: 'POST',
    path: '/v1/admin/api-keys/{api_key_id}/rotate-api-key',
    summary: 'Give an API key a new value, answered only here; the old value is refused (401) from then on',
    tags: ['admin'],
    auth: 'bearer-or-api-key',
    scopes: ['admin:checkout'],
    params: ApiKeyParams,
    responses: {
      200: { description: 'The key and its new value', schema: ApiKeyCreated },
      ...errors,
      ...SCOPE_NOT_HELD('the key'),
      ...NOT_FOUND,
    },
    handle: async ({ ctx, actor, params }) => ok(await rotateApiKey(ctx, actor, params.api_key_id)),
  }),
];
