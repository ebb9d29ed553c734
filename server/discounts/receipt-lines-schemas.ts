import { z } from 'zod';
import { INT32_MAX } from '../../domain/money';
import { Int32Amount, SafeString, SafeText } from '../shared/schemas';
import { closedObject } from './closed-object';
import { MAX_RULES_PER_RECEIPT } from './receipt-work-limits';

/**
 * The receipt's building blocks (spec "Receipt", public API §3.4): amounts, the lines an item or the receipt carries
 * (tax, info codes, extra info, discounts and bonuses) and payments. Every object is closed (closed-object.ts).
 */
export const Text = SafeString.max(255);
export const FreeText = SafeText.max(2000);

/** An amount in minor units, int32; negative on returns. */
export const SignedAmount = z
  .number({ error: 'must be a number' })
  .int('must be an integer number of minor units')
  .min(-INT32_MAX, `must be at least -${INT32_MAX}`)
  .max(INT32_MAX, `must be at most ${INT32_MAX}`);

/** The `_dwh` twin of an amount: the same amount as a decimal string, e.g. "138.95". */
export const Dwh = z.string().regex(/^-?\d{1,16}(\.\d{1,8})?$/, 'must be a decimal amount, e.g. 138.95');

export const LineId = z.number().int('must be an integer').min(0).max(INT32_MAX);
export const Percentage = z.number().min(0).max(100);
export const E164 = z.string().regex(/^\+?[1-9]\d{1,14}$/, 'must be an E.164 phone number, e.g. +4799999999');

/** What the engine may add per rule to what a receipt already carries: lines and discounts round-trip. */
export const MAX_DISCOUNT_LINES = MAX_RULES_PER_RECEIPT + 100;

export const TaxItem = closedObject({
  amount: SignedAmount.optional(),
  amount_dwh: Dwh.optional(),
  exempt: z.boolean().optional(),
  included_in_price: z.boolean().optional(),
  percentage: Percentage.optional(),
  tax_basis: SignedAmount.optional(),
  tax_basis_dwh: Dwh.optional(),
  tax_code: Text.optional(),
  tax_group: Text.optional(),
});

export const InfoCodeItem = closedObject({
  line_id: LineId.optional(),
  amount: SignedAmount.optional(),
  amount_dwh: Dwh.optional(),
  infocode_id: Text.optional(),
  sub_infocode_id: Text.optional(),
  information: FreeText.optional(),
  input_type: z.number().int().min(0).max(INT32_MAX).optional(),
  withdrawal_from_stock: z.boolean().optional(),
});

export const ExtraInfo = closedObject({
  key: Text.optional(),
  value: FreeText.optional(),
  value_type: z.enum(['string', 'integer', 'number', 'boolean', 'datetime']).optional(),
});

export const DISCOUNT_TYPES = ['customer', 'periodic', 'manual', 'loyalty', 'total', 'employee', 'external'] as const;

const discountLineFields = {
  percentage: Percentage.optional(),
  discount_type: z.enum(DISCOUNT_TYPES).optional(),
  discount_id: Text.optional(),
  description: FreeText.optional(),
  line_id: LineId.optional(),
};

/** A discount on an item; lines of rules that are not evaluated now (manual discounts) count as existing discount. */
export const DiscountItem = closedObject({ amount: Int32Amount.optional(), ...discountLineFields });
export const BonusItem = closedObject({ bonus: Int32Amount.optional(), ...discountLineFields });

const CardInfo = closedObject({
  balance_amount: SignedAmount.optional(),
  card_amount: SignedAmount.optional(),
  issuer_id: z.number().int().min(0).max(INT32_MAX).optional(),
  issuer_name: Text.optional(),
  session_id: Text.optional(),
  terminal_id: Text.optional(),
  card_number: Text.optional(),
  card_type: Text.optional(),
  receipt: SafeText.max(10_000).optional(),
});

export const PaymentItem = closedObject({
  line_id: LineId.optional(),
  amount: SignedAmount.optional(),
  type_id: Text.optional(),
  token_id: Text.optional(),
  token_type: Text.optional(),
  description: FreeText.optional(),
  voided: z.boolean().optional(),
  card_info: CardInfo.optional(),
  reference_id: Text.optional(),
  infocode_lines: z.array(InfoCodeItem).max(100).optional(),
});
