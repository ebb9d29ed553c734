import { AppError } from '../errors/app-error';

/** The window of the per-session abuse limits (pay attempts, confirmation codes): one hour. */
export const LIMIT_WINDOW_SECONDS = 3600;

/**
 * A sliding-window limit counted from stored rows. `newestFirst` holds the creation times of the
 * newest counted rows (at least `limit` of them when there are that many, newest first). One more
 * is allowed when fewer than `limit` of them fall inside the window; otherwise the answer is the
 * seconds until the `limit`-th newest leaves the window (at least 1). `limit` 0 means no limit.
 */
export const windowRetryAfter = (
  newestFirst: readonly string[],
  limit: number,
  windowSeconds: number,
  nowMs: number,
): number | undefined => {
  if (limit <= 0 || newestFirst.length < limit) return undefined;
  const freesAt = Date.parse(newestFirst[limit - 1]!) + windowSeconds * 1000;
  if (!(freesAt > nowMs)) return undefined;
  return Math.max(1, Math.ceil((freesAt - nowMs) / 1000));
};

/** The 429 of every abuse limit: TOO_MANY_REQUESTS, the wait in the message and in `Retry-After` (seconds). */
export const tooManyAttempts = (message: string, retryAfter: number) =>
  new AppError('TOO_MANY_REQUESTS', `${message}; try again in ${retryAfter} s`, {
    headers: { 'retry-after': String(retryAfter) },
  });

/** Throws `tooManyAttempts(message)` when the hour-long window (LIMIT_WINDOW_SECONDS) of `newestFirst` is full. */
export const assertWindowLeft = (
  newestFirst: readonly { created_at: string }[],
  limit: number,
  message: string,
  nowMs: number,
): void => {
  const times = newestFirst.map((r) => r.created_at);
  const wait = windowRetryAfter(times, limit, LIMIT_WINDOW_SECONDS, nowMs);
  if (wait !== undefined) throw tooManyAttempts(message, wait);
};

/** The start of the window ending now, as the ISO text the tables store (it sorts as text). */
export const windowStart = (windowSeconds: number, nowMs: number): string =>
  new Date(nowMs - windowSeconds * 1000).toISOString();
