import type { ErrorCode } from '../../domain/error-codes';

/**
 * Domain code throws AppError with a code of the closed set (domain/error-codes.ts, shared with the
 * page); server/http/error-response.ts is the ONE place that maps a code to an HTTP status and the
 * public error body.
 */
export { ERROR_CODES, isErrorCode, type ErrorCode } from '../../domain/error-codes';

export interface ErrorDetail {
  path?: string;
  message: string;
  code?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: ErrorDetail[];
  /** Extra public fields merged into the error object (e.g. `cause`). */
  readonly extra: Record<string, unknown>;
  /** Public fields placed beside `error` at the top of the body (e.g. `session_id` on /sessions/pay). */
  readonly body: Record<string, unknown>;
  /** Response headers that go with the error (e.g. `Retry-After` on a 429). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      errors?: ErrorDetail[];
      extra?: Record<string, unknown>;
      body?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = opts.errors ?? [];
    this.extra = opts.extra ?? {};
    this.body = opts.body ?? {};
    this.headers = opts.headers ?? {};
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
