import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import { AccountId, IsoDateTime, SafeString } from '../shared/schemas';

const Text = SafeString.max(255);

/** public API §3.3 Claims: a customer used these discounts (refs' usage counts against the rule's limits). */
export const ClaimBody = z.strictObject({
  ref: Text.optional(),
  type: Text.optional(),
  purchase_at: IsoDateTime,
  customer_id: Text.min(1),
  discounts: z
    .array(
      z.strictObject({
        id: Text.min(1),
        refs: z
          .array(
            z.strictObject({
              id: Text.min(1),
              amount: z.number().int().min(0).max(INT32_MAX),
              usage: z.number().int().min(0).max(10_000),
            }),
          )
          .min(1)
          .max(100),
      }),
    )
    .min(1)
    .max(100),
});
export type ClaimInput = z.infer<typeof ClaimBody>;

export const ClaimSchema = ClaimBody.extend({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
});
export type ClaimView = z.infer<typeof ClaimSchema>;

export const ClaimParams = z.object({ aid: AccountId, claim_id: Text.min(1) });

export const ListClaimsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  starting_after: Text.min(1).optional(),
  customer_id: Text.min(1).optional(),
});
export type ListClaimsInput = z.infer<typeof ListClaimsQuery>;
