import type { ErrorDetail } from '../errors/app-error';

/** Organization numbers the sandbox lender knows: Norway 9 digits, Sweden 10. */
const ORG_DIGITS: Record<string, number> = { NO: 9, SE: 10 };

/** What is wrong with the pay-later lender's details (country required; organization number fitting it). */
export const lenderProblems = (d: { country?: string; organization_number?: string }, prefix = ''): ErrorDetail[] => {
  if (!d.country) return [{ path: `${prefix}country`, message: 'required for invoice and part payment' }];
  const digits = ORG_DIGITS[d.country];
  if (d.organization_number && digits && d.organization_number.length !== digits) {
    return [{ path: `${prefix}organization_number`, message: `must be ${digits} digits for ${d.country}` }];
  }
  return [];
};
