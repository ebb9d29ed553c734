import { AppError } from '../errors/app-error';
import type { SessionRecord } from './session-repository';

/**
 * `If-Unmodified-Since` holds the session's `updated_at` (or, on pay, its `version`) as last seen by
 * the page. A mismatch means the session changed: the request is dropped with 412.
 */
export const assertUnmodifiedSince = (
  header: string | undefined,
  session: SessionRecord,
  opts: { allowVersion?: boolean } = {},
): void => {
  if (header === undefined) return;
  const value = header.trim();
  const matchesTime = !Number.isNaN(Date.parse(value)) && Date.parse(value) === Date.parse(session.updated_at);
  const matchesVersion = opts.allowVersion === true && value === String(session.version);
  if (!matchesTime && !matchesVersion) {
    throw new AppError('PRECONDITION_FAILED', 'The session has changed since it was loaded; reload it and try again', {
      extra: { updated_at: session.updated_at, version: String(session.version) },
    });
  }
};
