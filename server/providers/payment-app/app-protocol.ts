import { z } from 'zod';
import { PROVIDER_DATA_MAX_BYTES } from '../port';
import { HttpUrl, SafeString, SafeText } from '../../shared/schemas';

/**
 * What a payment app answers (docs/payment-app.md): each answer is read with these schemas, and any
 * other answer is as good as none (503 PROVIDER_UNAVAILABLE, nothing changed). Unknown fields are dropped.
 */

/** The paths Kassa POSTs to, under the app's configured `url`. */
export const APP_PATHS = {
  authorize: 'authorize',
  completeCustomerAction: 'complete-customer-action',
  capture: 'capture',
  refund: 'refund',
  void: 'void',
  status: 'status',
  transactionStatus: 'transaction-status',
  authorizationStatus: 'authorization-status',
} as const;
export type AppMethod = keyof typeof APP_PATHS;

/** At most this much JSON is kept as a customer action's `state` (it is stored with the attempt). */
export const MAX_STATE_BYTES = 4096;

const Approved = z.object({
  result: z.literal('approved'),
  provider_reference: SafeString.min(1).max(255),
  /** The app's own data of the payment, handed back to its later calls (at most PROVIDER_DATA_MAX_BYTES of JSON). */
  provider_data: z
    .record(z.string(), z.unknown())
    .refine(
      (d) => Buffer.byteLength(JSON.stringify(d), 'utf8') <= PROVIDER_DATA_MAX_BYTES,
      `must be at most ${PROVIDER_DATA_MAX_BYTES} bytes of JSON`,
    )
    .optional(),
});
const Declined = z.object({
  result: z.literal('declined'),
  code: SafeString.min(1).max(64),
  message: SafeText.max(500).default('The payment was declined'),
  retryable: z.boolean().default(false),
});
const CustomerAction = z.object({
  result: z.literal('customer_action'),
  url: HttpUrl.max(2000),
  state: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((s) => JSON.stringify(s).length <= MAX_STATE_BYTES, `must be at most ${MAX_STATE_BYTES} bytes of JSON`),
});

export const AuthorizeAppAnswer = z.discriminatedUnion('result', [Approved, Declined, CustomerAction]);
export const CompleteAppAnswer = z.discriminatedUnion('result', [Approved, Declined]);
/** `authorization-status`: what became of an authorization whose answer Kassa never got (ADR 050). */
export const AuthorizationStatusAppAnswer = z.discriminatedUnion('result', [
  Approved,
  Declined,
  z.object({ result: z.literal('pending') }),
  z.object({ result: z.literal('unknown') }),
]);
export const OperationAppAnswer = z.object({ result: z.enum(['done', 'pending']) });
export const StatusAppAnswer = z.object({ result: z.enum(['done', 'pending', 'failed', 'unknown']) });

/** `transaction-status`: every capture, refund and void the app holds for the transaction (sync_status, ADR 036). */
export const TransactionStatusAppAnswer = z.object({
  operations: z
    .array(
      z.object({
        operation_id: SafeString.min(1).max(255),
        kind: z.enum(['capture', 'refund', 'void']),
        amount: z.number().int().min(0).max(2_147_483_647),
        status: z.enum(['done', 'pending']),
      }),
    )
    .max(1000),
});

export type AuthorizeAppAnswer = z.infer<typeof AuthorizeAppAnswer>;
export type CompleteAppAnswer = z.infer<typeof CompleteAppAnswer>;
export type StatusAppAnswer = z.infer<typeof StatusAppAnswer>;
