import type http from 'node:http';
import { AppError } from '../errors/app-error';
import type { Logger } from '../observability/logger';
import { answerError } from './fallback-responses';

export interface ShutdownParts {
  server: http.Server;
  /** The responses not yet done (bin/kassa.ts keeps the set). */
  inFlight: ReadonlySet<http.ServerResponse>;
  logger: Logger;
  timeoutMs: number;
  /** The public origin without request headers (the 503's security headers). */
  publicOrigin: () => string;
  /** Stops the pollers; callbacks in flight get `deliveriesWithinMs`, then their claims are given back. */
  stopWork(deliveriesWithinMs: number): Promise<void>;
  /** Gives back the callback claims still held (a forced exit). */
  releaseClaims(): Promise<void>;
  /** Once no connection is left and the work has stopped: Next, the database. */
  closeRest(): Promise<void>;
  exit(code: number): void;
}

/**
 * SIGTERM/SIGINT (ADR 002, amended by ADR 044 for issue 37 item 24): stop accepting, close idle
 * connections, let requests in flight finish with `connection: close`, stop the pollers at once
 * (callbacks in flight get until the answers' deadline, then their claims are given back so another
 * process sends them now, not after the lease), close the rest, exit 0.
 *
 * A request that cannot finish in time (one waiting on a database lock, say) used to be cut off
 * unanswered by the forced exit. Now, `grace` (a tenth of the timeout, at most 1 s) before it, every
 * request still in flight is answered 503 `SERVICE_UNAVAILABLE` with `Retry-After` and its connection
 * closed, and the callback claims still held are given back; the process then exits 1 (at the timeout
 * at the latest), since a request did not finish.
 * A second signal does both at once.
 */
export const installShutdown = (parts: ShutdownParts): { begin(signal: string): void; readonly closing: boolean } => {
  const { server, inFlight, logger, timeoutMs } = parts;
  const grace = Math.min(1000, Math.floor(timeoutMs / 10));
  let closing = false;
  // Some request was answered 503 instead of finishing: the exit is 1 even if everything else then closed in time.
  let cutShort = false;
  let abandoned: Promise<void> | undefined;
  const abandon = () =>
    (abandoned ??= (() => {
      let answered = 0;
      for (const res of inFlight) {
        if (res.headersSent) continue;
        answered++;
        answerError(
          res,
          parts.publicOrigin(),
          new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down; retry the request', {
            headers: { 'retry-after': '1' },
          }),
        );
      }
      if (answered) {
        cutShort = true;
        logger.warn({ answered }, 'shutdown: answered 503 to requests that could not finish in time');
      }
      return parts.releaseClaims();
    })());
  const forceExit = (reason: string) => {
    logger.error({ reason }, 'shutdown forced');
    const bounded = new Promise((resolve) => setTimeout(resolve, grace));
    void Promise.race([abandon(), bounded]).finally(() => {
      server.closeAllConnections();
      parts.exit(1);
    });
  };
  const begin = (signal: string) => {
    if (closing) return forceExit(`second ${signal}`);
    closing = true;
    logger.info({ signal }, "shutting down: no new connections; finishing in-flight requests and the pollers' work");
    setTimeout(() => void abandon(), timeoutMs - grace).unref();
    setTimeout(() => forceExit(`not done after ${timeoutMs} ms`), timeoutMs).unref();
    // Every connection goes once its response is done; idle ones now.
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void Promise.all([stopped, parts.stopWork(timeoutMs - 2 * grace)])
      .then(() => parts.closeRest())
      .then(
        () => {
          logger.info({ cut_short: cutShort || undefined }, 'stopped');
          parts.exit(cutShort ? 1 : 0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          parts.exit(1);
        },
      );
  };
  return {
    begin,
    get closing() {
      return closing;
    },
  };
};
