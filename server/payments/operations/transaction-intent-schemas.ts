import { z } from 'zod';
import { ResourceId, SafeString, SafeText } from '../../shared/schemas';
import { TransactionSchema } from '../transactions/transaction-schemas';

/** The named operations of `POST /v1/events/transaction/{intent}` (ADR 036), one route each. */
export const TRANSACTION_INTENTS = ['sync_status', 'extend_authorization'] as const;

/** `sync_status` takes the transaction alone. */
export const SyncStatusBody = z.strictObject({
  transaction_id: ResourceId.describe('The transaction to compare with what its payment provider reports'),
});

/** `extend_authorization`: the transaction, and why and under which reference (recorded on the AUTHORIZE event). */
export const ExtendAuthorizationBody = z.strictObject({
  transaction_id: ResourceId.describe('The pay-later transaction whose authorization to extend'),
  reason: SafeText.max(1000).optional().describe('Why it is extended (recorded on the event)'),
  reference: SafeString.max(255)
    .optional()
    .describe("The merchant's reference for the extension (recorded on the event)"),
});
export type TransactionIntentInput = z.infer<typeof ExtendAuthorizationBody>;

export const TransactionIntentAnswer = z.object({
  intent: z.enum(TRANSACTION_INTENTS),
  changed: z.boolean().describe('Whether the transaction changed (sync_status: false when Kassa already agreed)'),
  event_ids: z.array(z.string()).describe('The events this request appended'),
  unreconciled: z
    .array(
      z.object({
        operation_id: z.string(),
        operation: z.enum(['CAPTURE', 'REFUND', 'VOID']),
        amount: z.number().int(),
        code: z.string(),
        message: z.string(),
      }),
    )
    .optional()
    .describe('sync_status: what the provider reports done that Kassa cannot book (its state does not allow it)'),
  transaction: TransactionSchema,
});
export type TransactionIntentAnswer = z.infer<typeof TransactionIntentAnswer>;
