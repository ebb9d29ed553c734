import { ErrorBody } from '../../shared/schemas';

/** Error responses most authenticated operations share (all carry the standard error body). */
export const AUTH_ERRORS = {
  401: { description: 'Missing or invalid credentials', schema: ErrorBody },
  403: { description: 'Missing scope', schema: ErrorBody },
} as const;

/** A route that acts on a credential or console user (ADR 042): the 403 also when the target outranks the caller. */
export const SCOPE_NOT_HELD = (what: string) =>
  ({
    403: {
      description: `Missing scope (\`INSUFFICIENT_SCOPE\`), or ${what} has a scope the caller does not hold (\`SCOPE_NOT_HELD\`)`,
      schema: ErrorBody,
    },
  }) as const;

export const INVALID_REQUEST = {
  400: { description: 'Invalid request (`error.code` says why)', schema: ErrorBody },
} as const;
export const NOT_FOUND = { 404: { description: 'Not found', schema: ErrorBody } } as const;

/** The abuse limits of paying (README "Abuse limits"). */
export const PAY_LIMITED = {
  description:
    'Too many declined or failed payment attempts on this session within an hour, or too many declined or failed payment attempts from this address',
  schema: ErrorBody,
  headers: { 'Retry-After': 'Seconds until a payment attempt would be accepted' },
} as const;
