import { z } from 'zod';
import { SafeString, SafeText } from '../../shared/schemas';

/** A client's `client_id`: what it sends in Basic auth (`client_id:client_secret`), so no colon and no space. */
export const ClientIdString = z
  .string()
  .min(3)
  .max(100)
  .regex(/^[A-Za-z0-9._~@+-]+$/, 'letters, digits and . _ ~ @ + - only');

const CallbackUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('An http(s) URL');

/** `POST /v1/accounts/{aid}/auth/clients` (the public shape: every field optional). */
export const CreateClientBody = z.strictObject({
  name: SafeString.min(1).max(200).optional(),
  description: SafeText.max(2000).optional(),
  client_id: ClientIdString.optional().describe('Chosen by Kassa when absent'),
  callbacks: z.array(CallbackUrl).max(20).optional(),
});
export type CreateClientInput = z.infer<typeof CreateClientBody>;

/** `PUT .../clients/{id}`: what may change (the client_id and the secret may not; rotate the secret instead). */
export const UpdateClientBody = CreateClientBody.omit({ client_id: true });
export type UpdateClientInput = z.infer<typeof UpdateClientBody>;

export const ClientRead = z.object({
  id: z.string().describe("The client resource's id (a grant's `client_id`)"),
  client_id: z.string().describe('What the client sends in Basic auth at the token endpoint'),
  name: z.string(),
  description: z.string().optional(),
  callbacks: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type ClientView = z.infer<typeof ClientRead>;

export const ClientWithSecret = ClientRead.extend({
  client_secret: z.string().describe('Shown only in this answer: Kassa keeps only its hash'),
});

export const ClientParams = z.object({
  aid: z.string(),
  id: z.string().min(1).max(100).describe("A client's id (`id`) of this account; any other value is 404"),
});
