import { z } from 'zod';
import { ALL_SCOPES } from '../scopes';

/** The grant types a grant may name: the token endpoint issues tokens for client_credentials only. */
export const GRANT_TYPES = ['client_credentials'] as const;

export const CreateGrantBody = z.strictObject({
  client_id: z.string().min(1).max(100).describe("The client resource's `id` (not its client_id)"),
  audience: z
    .string()
    .min(1)
    .max(2048)
    .describe('`<base>/v1/accounts/{aid}` of this account: tokens for exactly this audience get the scopes'),
  scope: z
    .array(z.enum(ALL_SCOPES))
    .min(1)
    .max(ALL_SCOPES.length)
    .describe('Scopes the client gets; the caller must hold each one itself'),
  type: z.enum(GRANT_TYPES).describe('The grant_type that may use this grant'),
});
export type CreateGrantInput = z.infer<typeof CreateGrantBody>;

export const GrantRead = z.object({
  id: z.string(),
  client_id: z.string(),
  audience: z.string(),
  scope: z.array(z.string()),
  type: z.enum(GRANT_TYPES),
  created_at: z.string(),
  created_by: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type GrantView = z.infer<typeof GrantRead>;

export const GrantListQuery = z.object({
  audience: z.string().min(1).max(2048).optional(),
  client_id: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(255).optional(),
});

export const GrantParams = z.object({
  aid: z.string(),
  id: z.string().min(1).max(100).describe("A grant's id of this account; any other value is 404"),
});
