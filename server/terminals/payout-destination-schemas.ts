import { z } from 'zod';
import { AccountId, Currency, SafeString, SafeText } from '../shared/schemas';
import type { CaseStatusColumn, PayoutDestinationTypeColumn } from './terminals-tables';

export const PayoutDestinationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, "_" or "-"');

const PAYOUT_DESTINATION_TYPES = ['company', 'individual'] as const satisfies readonly PayoutDestinationTypeColumn[];
export const CASE_STATUSES = [
  'ACTIVE',
  'DECLINED',
  'UNDER_MANUAL_REVIEW',
  'AUTOMATIC_REVIEW',
  'WAITING_FOR_SIGNATURE',
  'WAITING_FOR_DECLARATION',
  'ERROR',
  'ARCHIVED',
  'WAITING_FOR_DETAILS',
  'TERMINATED',
] as const satisfies readonly CaseStatusColumn[];

const BankAccount = z.looseObject({
  bank_account_currency: Currency,
  bank_name: SafeText.min(1).max(255).optional(),
  bank_account_number: SafeString.min(1).max(64),
  bank_account_number_type: SafeString.min(1).max(32).describe('e.g. IBAN'),
  bank_account_country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
    .transform((c) => c.toUpperCase()),
  bank_identification_code: z
    .string()
    .regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, 'must be a BIC of 8 or 11 letters and digits')
    .optional(),
});

const Organization = z.looseObject({
  organization_number: SafeString.min(1).max(64).optional(),
  name: SafeText.min(1).max(255).optional(),
  trade_name: SafeText.min(1).max(255).optional(),
});

export const PayoutDestinationBody = z.strictObject({
  payout_destination_id: PayoutDestinationId.describe('Chosen by the client; unique in the account'),
  payout_reference: SafeString.min(1).max(255).optional(),
  type: z.enum(PAYOUT_DESTINATION_TYPES).default('company'),
  bank_accounts: z.array(BankAccount).min(1, 'must have 1 or 2 bank accounts').max(2, 'must have 1 or 2 bank accounts'),
  organization: Organization.optional(),
});
export type PayoutDestinationInput = z.infer<typeof PayoutDestinationBody>;
export type BankAccountView = z.infer<typeof BankAccount>;
export type OrganizationView = z.infer<typeof Organization>;

export const PayoutDestinationSchema = PayoutDestinationBody.extend({
  id: z.string(),
  account_id: z.string(),
  case_status: z.enum(CASE_STATUSES),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
});
export type PayoutDestinationView = z.infer<typeof PayoutDestinationSchema>;

export const PayoutDestinationParams = z.object({ aid: AccountId, payout_destination_id: PayoutDestinationId });
