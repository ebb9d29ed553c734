import { z } from 'zod';
import type { PaymentResponse as DomainPaymentResponse } from '../../../domain/view-types';
import type { Equal, Expect } from '../../shared/type-equality';
import { PaymentAppPayment } from '../../providers/payment-app/payment-app-config';

/**
 * The customer's pay request and its answer (POST /v1/sessions/{id}/pay, POST /v1/view/{id}/payments/{type}):
 * payment shapes, so they live with payments (ADR 032); the payment product types are the spec's names.
 */

const CardDetails = z.strictObject({
  number: z.string().min(12).max(23),
  expiry: z.string().regex(/^\d{2}\s*\/\s*\d{2}$/, 'must be MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  holder_name: z.string().max(100).optional(),
});

/** A card typed on the page, or (`payment_token_id` from the view's `customer.saved_cards`) a card the merchant stored. */
export const SandboxCardPayment = z
  .strictObject({
    payment_product_type: z.literal('sandbox.creditcard'),
    card: CardDetails.optional(),
    payment_token_id: z.string().min(1).max(64).optional(),
  })
  .refine((p) => (p.card === undefined) !== (p.payment_token_id === undefined), {
    message: 'send either card or payment_token_id',
    path: ['card'],
  });

export const E164 = z.string().regex(/^\+?[1-9]\d{1,14}$/, 'must be a phone number in E.164 format, e.g. +4741234567');
const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code, e.g. NO');

/** What the sandbox invoice and installment lender asks the customer (the spec's payment-operations query). */
export const LenderDetails = z.object({
  email: z.email().max(254),
  phone_number: E164,
  country: CountryCode,
  organization_number: z
    .string()
    .regex(/^\d{9,10}$/, 'must be 9 digits (Norway) or 10 digits (Sweden)')
    .optional(),
});

export const SandboxInvoicePayment = z.strictObject({
  payment_product_type: z.literal('sandbox.invoice'),
  ...LenderDetails.shape,
});
export const SandboxInstallmentPayment = z.strictObject({
  payment_product_type: z.literal('sandbox.installment'),
  ...LenderDetails.shape,
  product: z.strictObject({ id: z.string().min(1).max(32) }),
});
export const SandboxWalletPayment = z.strictObject({ payment_product_type: z.literal('sandbox.wallet') });

/** The gift cards on the order pay all of it (no card). The `dintero.` spelling is accepted. */
export const GiftCardsOnlyPayment = z.strictObject({
  payment_product_type: z.enum(['kassa.wallets', 'dintero.wallets']),
});

export const PaySessionBody = z.strictObject({
  payment: z.union([
    z.discriminatedUnion('payment_product_type', [
      SandboxCardPayment,
      SandboxInvoicePayment,
      SandboxInstallmentPayment,
      SandboxWalletPayment,
      GiftCardsOnlyPayment,
    ]),
    PaymentAppPayment,
  ]),
});
export type PaySessionInput = z.infer<typeof PaySessionBody>;

export const PaymentResponseSchema = z.object({
  success: z.boolean(),
  transaction_id: z.string().optional(),
  /** The payment was taken but needs extra control (transaction ON_HOLD); the page reports SessionPaymentOnHold. */
  on_hold: z.boolean().optional(),
  redirect_url: z.string().optional(),
  error: z.string().optional(),
  actions: z.array(
    z.object({
      source: z.string().optional(),
      code: z.string().optional(),
      type: z.enum(['success', 'error']).optional(),
    }),
  ),
  error_details: z
    .array(
      z.object({
        code: z.string().optional(),
        category: z.enum(['permanent', 'temporary', 'unknown']).optional(),
        field: z.string().optional(),
      }),
    )
    .optional(),
});
export type PaymentResponse = DomainPaymentResponse;
export type PaymentResponseMatchesDomain = Expect<Equal<z.infer<typeof PaymentResponseSchema>, DomainPaymentResponse>>;
