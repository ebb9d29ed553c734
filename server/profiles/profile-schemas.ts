import { z } from 'zod';
import { Configuration } from '../sessions/session-schemas';
import { HttpUrl, JsonObject, SafeString, SafeText } from '../shared/schemas';

export const ProfileId = SafeString.min(1)
  .max(255)
  .regex(/^\S(.*\S)?$/, 'must not start or end with spaces');

export const ProfileConfigurationSchema = Configuration.extend({
  default_customer_type: z.enum(['b2c', 'b2b']).optional(),
});

export const ProfileBody = z.strictObject({
  profile_id: ProfileId.optional(),
  description: SafeText.min(1).max(1000),
  configuration: ProfileConfigurationSchema,
  url: z
    .strictObject({
      return_url: HttpUrl.optional(),
      callback_url: HttpUrl.optional(),
      merchant_terms_url: HttpUrl.optional(),
    })
    .optional(),
  merchant: z.looseObject({ name: z.string(), logo_url: z.string().optional() }).optional(),
  checkboxes: z.array(JsonObject).optional(),
});
export type ProfileInput = z.infer<typeof ProfileBody>;

export const ProfileSchema = ProfileBody.extend({
  // what is stored: entries saved before embed_origins had its one rule (ADR 021) are read back as they are
  configuration: ProfileConfigurationSchema.extend({ embed_origins: z.array(z.string()).optional() }),
  profile_id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
});
export type ProfileView = z.infer<typeof ProfileSchema>;

export const ProfileIdParams = z.object({ profile_id: ProfileId });
export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: z.string().max(255).optional(),
});
