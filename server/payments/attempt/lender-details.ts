import type { ErrorDetail } from '../../errors/app-error';
import { lenderProblems as problemsOf } from '../../../domain/lender-details';

/** What is wrong with the pay-later lender's details, by the one rule the page applies too (domain/lender-details.ts). */
export const lenderProblems = (d: { country?: string; organization_number?: string }, prefix = ''): ErrorDetail[] =>
  problemsOf(d).map((p) => ({ path: `${prefix}${p.field}`, message: p.message }));
