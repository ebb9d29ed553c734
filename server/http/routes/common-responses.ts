import { ErrorBody } from '../../shared/schemas';

/** Error responses most authenticated operations share (all carry the standard error body). */
export const AUTH_ERRORS = {
  401: { description: 'Missing or invalid credentials', schema: ErrorBody },
  403: { description: 'Missing scope', schema: ErrorBody },
} as const;

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
