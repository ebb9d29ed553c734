import { z } from 'zod';
import { AccountId, addressableId, SafeString, SafeText } from '../shared/schemas';
import { PayoutDestinationId } from './payout-destination-schemas';

export const StoreId = addressableId(
  SafeString.min(1)
    .max(255)
    .regex(/^\S(.*\S)?$/, 'must not start or end with spaces'),
);

export const StoreBody = z.strictObject({
  store_id: StoreId.describe(
    "The client's id of the store, unique in the account (what sessions send as order.store.id)",
  ),
  store_name: SafeText.min(1).max(255),
  organization: z.looseObject({ organization_number: SafeString.min(1).max(64) }).optional(),
  payout_destination: z
    .strictObject({ payout_destination_id: PayoutDestinationId })
    .optional()
    .describe('A payout destination of the account; terminals need one'),
});
export type StoreInput = z.infer<typeof StoreBody>;

export const StoreSchema = StoreBody.extend({
  id: z.string().describe("Kassa's id of the store: the account id, '-' and a 4-digit number (T12345678-0001)"),
  account_id: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type StoreView = z.infer<typeof StoreSchema>;

export const StoreParams = z.object({ aid: AccountId, store_id: StoreId });
