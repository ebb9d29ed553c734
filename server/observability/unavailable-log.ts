import { isDatabaseUnavailable, unavailableCause } from '../db/unavailable';
import type { Logger } from './logger';

/** At most one line per cause in this long; the next line says how many 503s were not logged. */
export const UNAVAILABLE_LOG_INTERVAL_MS = 60_000;

/**
 * Logs the requests answered 503 because the database was unavailable (issue 37 item 23, ADR 045),
 * once per cause (`unavailableCause`: a SQLSTATE, socket or SQLite code, pg's message) per
 * interval, not once per request: an outage writes a few lines, not one per request, and the next
 * line of a cause carries `suppressed`, the 503s since its last line. Returns false for an error
 * that is not an outage (the caller logs it as it did).
 */
export const createUnavailableLog = (
  logger: Logger,
  intervalMs = UNAVAILABLE_LOG_INTERVAL_MS,
  clock: () => number = Date.now,
) => {
  const causes = new Map<string, { loggedAt: number; suppressed: number }>();
  return (err: unknown, fields: Record<string, unknown> = {}): boolean => {
    if (!isDatabaseUnavailable(err)) return false;
    const cause = unavailableCause(err);
    const now = clock();
    const seen = causes.get(cause);
    if (seen && now - seen.loggedAt < intervalMs) {
      seen.suppressed++;
      return true;
    }
    if (causes.size > 100) causes.clear(); // causes are few; never let them grow without bound
    causes.set(cause, { loggedAt: now, suppressed: 0 });
    logger.warn(
      { ...fields, cause, suppressed: seen?.suppressed ?? 0, err },
      `database unavailable (${cause}): answering 503; logged once per cause every ${intervalMs / 1000} s`,
    );
    return true;
  };
};
