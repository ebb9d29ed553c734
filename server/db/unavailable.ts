/**
 * THE one place that decides whether a driver error means "the database cannot be reached right
 * now" (issue 12, ADR 022). Such a request answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`
 * (server/http/error-response.ts) instead of a 500, and the pollers back off (server/shared/poller.ts).
 * Anything else (a constraint violation, a bug) is not an outage and keeps its own handling.
 */

/** Thrown by the PostgreSQL pool (pg-pool.ts) when it cannot hand out a connection. */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot be reached', { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 53300 too_many_connections, class 08 connection exceptions, 55000 only with the "not currently
 * accepting connections" message (ALLOW_CONNECTIONS false), and the server's own limits below the
 * client's query timeout (pg-pool.ts `serverTimeoutOptions`): 57014 query_canceled (statement_timeout;
 * Kassa cancels no query itself) and 55P03 lock_not_available (lock_timeout), as SQLite's busy timeout.
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);
/** Socket-level errors of the pg client. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own messages for a connection that died or never came. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
  /is not currently accepting connections/,
  /^Client was closed and is not queryable/,
  // no answer within query_timeout (pg-pool.ts drops that connection)
  /^Query read timeout$/,
  // better-sqlite3 once the connection is closed (shutting down)
  /^The database connection is not open/,
];
/**
 * SQLite result codes (better-sqlite3's `code`, extended codes included): the write lock was not
 * granted within busy_timeout, the file could not be read, written or opened, or the disk is full.
 */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_FULL', 'SQLITE_PROTOCOL'];

const fields = (e: unknown): { code?: unknown; message?: unknown; cause?: unknown } =>
  typeof e === 'object' && e !== null ? (e as { code?: unknown; message?: unknown; cause?: unknown }) : {};

/** True when `e` (or an error it wraps) says the database is unreachable or unavailable for now. */
export const isDatabaseUnavailable = (e: unknown, depth = 0): boolean => {
  if (e instanceof DatabaseUnreachableError) return true;
  const { code, message, cause } = fields(e);
  if (typeof code === 'string') {
    if (PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
    if (SQLITE_PREFIXES.some((p) => code === p || code.startsWith(`${p}_`))) return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message))) return true;
  return depth < 3 && cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
};

/**
 * Runs `fn` again while it fails only because the database is unreachable, waiting a little longer
 * each time (250 ms doubling to 5 s), until `deadline` (epoch ms); any other failure, or one at the
 * deadline, is thrown. For a write that records something already done outside the database (a
 * callback sent), so that a short outage does not make it happen twice.
 */
export const retryWhileUnavailable = async <T>(fn: () => Promise<T>, deadline: number): Promise<T> => {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await fn();
    } catch (e) {
      if (!isDatabaseUnavailable(e) || Date.now() + wait > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
};

/**
 * A short, bounded name for why the database is unavailable (a SQLSTATE, a socket or SQLite code,
 * or pg's message), for logging an outage once per cause instead of once per request.
 */
export const unavailableCause = (e: unknown, depth = 0): string => {
  const { code, message, cause } = fields(e);
  if (e instanceof DatabaseUnreachableError && cause !== undefined && depth < 3)
    return `no connection: ${unavailableCause(cause, depth + 1)}`;
  if (typeof code === 'string' && code) return code;
  if (typeof message === 'string') {
    const known = PG_MESSAGES.find((re) => re.test(message));
    if (known) return known.source.replace(/[\^$\\]/g, '');
  }
  if (cause !== undefined && depth < 3) return unavailableCause(cause, depth + 1);
  return 'unknown';
};
