import { z } from 'zod';
import { ResourceId, SafeString, SafeText } from '../../shared/schemas';
import { TransactionSchema } from '../transactions/transaction-schemas';

/** The named operations of `POST /v1/events/transaction/{intent}` (ADR 036). */
export const TRANSACTION_INTENTS = ['sync_status', 'extend_authorization'] as const;
export type TransactionIntent = (typeof TRANSACTION_INTENTS)[number];

export const TransactionIntentParams = z.object({
  intent: z
    .enum(TRANSACTION_INTENTS)
    .describe(
      '`sync_status`: ask the provider for the transaction and book what it did that Kassa did not know. `extend_authorization`: extend a pay-later authorization.',
    ),
});

export const TransactionIntentBody = z.strictObject({
  transaction_id: ResourceId.describe('The transaction the intent is for'),
  reason: SafeText.max(1000).optional().describe('extend_authorization only'),
  reference: SafeString.max(255).optional().describe('extend_authorization only'),
});
export type TransactionIntentInput = z.infer<typeof TransactionIntentBody>;

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
