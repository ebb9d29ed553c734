import type { Problem } from './problems';

/**
 * The details the sandbox invoice and part-payment lender asks for, and the one rule for them that
 * the page (to say what is wrong in the customer's language) and the server (to refuse) apply.
 */
export type LenderField = 'country' | 'organization_number';

/** Organization numbers the sandbox lender knows: Norway 9 digits, Sweden 10; elsewhere the API takes 9 or 10. */
export const ORGANIZATION_NUMBER_DIGITS: Readonly<Record<string, number>> = { NO: 9, SE: 10 };
const ANY_COUNTRY = { min: 9, max: 10 } as const;

/** How many digits an organization number of `country` has: one count (NO, SE) or a range. */
export const organizationNumberLength = (country: string | undefined): { min: number; max: number } => {
  const digits =
    country && Object.hasOwn(ORGANIZATION_NUMBER_DIGITS, country) ? ORGANIZATION_NUMBER_DIGITS[country] : undefined;
  return digits ? { min: digits, max: digits } : ANY_COUNTRY;
};

/** An organization number as typed (spaces and hyphens between the digits), as the lender takes it. */
export const normalizeOrganizationNumber = (value: string): string => value.replace(/[\s-]/g, '');

/**
 * What is wrong with the lender's details: `country` `required`; an `organization_number` (when
 * given) that is not the country's number of digits is `digits`. `message` is the API's English.
 */
export const lenderProblems = (d: {
  country?: string | undefined;
  organization_number?: string | undefined;
}): Problem<LenderField>[] => {
  if (!d.country) return [{ field: 'country', code: 'required', message: 'required for invoice and part payment' }];
  const org = d.organization_number;
  if (!org) return [];
  const { min, max } = organizationNumberLength(d.country);
  if (/^\d+$/.test(org) && org.length >= min && org.length <= max) return [];
  const message = min === max ? `must be ${min} digits for ${d.country}` : `must be ${min} or ${max} digits`;
  return [{ field: 'organization_number', code: 'digits', message }];
};
