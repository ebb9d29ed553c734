import type { AppContext } from '../../app-context';
import type { RateLimiter } from '../../auth/rate-limiter';
import type { Env } from '../../config/env';
import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import { assertWindowLeft, LIMIT_WINDOW_SECONDS, tooManyAttempts, windowStart } from '../../shared/window-limit';

// Compiled once per dialect; every argument is bound as a parameter.
const failedAttempts = compiledOnce(
  (exec, sessionId: string, declined: string, failed: string, since: string, limit: number) =>
    exec
      .selectFrom('transactions')
      .select('created_at')
      .where('session_id', '=', sessionId)
      .where('status', 'in', [declined as 'DECLINED', failed as 'FAILED'])
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit),
);

/**
 * Card testing on one session: after `KASSA_PAY_ATTEMPTS_PER_SESSION` declined or failed attempts
 * within an hour, every further attempt is 429 TOO_MANY_REQUESTS with `Retry-After` (the seconds
 * until the oldest of those attempts is an hour old), whatever card it carries. Counted from the
 * session's DECLINED and FAILED transactions, so every process and a restart see the same count.
 * Call it in the transaction that starts the attempt, with the session row locked: a concurrent
 * attempt waits for the lock and then counts what the first one left.
 */
export const assertPayAttemptsLeft = async (
  db: Executor,
  env: Pick<Env, 'KASSA_PAY_ATTEMPTS_PER_SESSION'>,
  sessionId: string,
  nowMs = Date.now(),
): Promise<void> => {
  const limit = env.KASSA_PAY_ATTEMPTS_PER_SESSION;
  if (limit <= 0) return;
  const counted = await failedAttempts(
    db,
    sessionId,
    'DECLINED',
    'FAILED',
    windowStart(LIMIT_WINDOW_SECONDS, nowMs),
    limit,
  );
  assertWindowLeft(counted, limit, 'Too many declined or failed payment attempts on this session', nowMs);
};

/** A slot of the per-address limit, held while an attempt is decided. */
export interface AddressSlot {
  /** The attempt did not end DECLINED or FAILED in this request (approved, waiting for a page, refused before the provider). */
  giveBack(): void;
}

/**
 * Card testing across sessions (a tester opens many): declined or failed customer pay attempts from
 * one source address, at most `KASSA_PAY_ATTEMPTS_PER_ADDRESS` a minute (a token bucket in this
 * process's memory, like the token endpoint's). The slot is taken before the attempt starts, so
 * however many requests are in flight at most the limit reach the provider; the caller gives it
 * back when the attempt turns out not to count, so approved payments use up nothing (ADR 020).
 */
export const reserveAddressAttempt = (ctx: Pick<AppContext, 'payAttemptsPerAddress'>, address: string): AddressSlot =>
  reserveAddressSlot(
    ctx.payAttemptsPerAddress,
    address,
    'Too many declined or failed payment attempts from this address',
  );

/**
 * Takes one slot of a per-address token bucket before the attempt starts (429 with `message` when
 * none is left); the caller gives it back when the attempt turns out not to count. Also used by
 * the gift card tries (server/wallets/limit-gift-card-attempts.ts).
 */
export const reserveAddressSlot = (limiter: RateLimiter, address: string, message: string): AddressSlot => {
  const wait = limiter.take(address);
  if (wait !== undefined) throw tooManyAttempts(message, wait);
  let held = true;
  return {
    giveBack: () => {
      if (held) limiter.giveBack(address);
      held = false;
    },
  };
};

/** Whether an attempt that ended with this status counts against the limits. */
export const countsAsFailedAttempt = (status: string): boolean => status === 'DECLINED' || status === 'FAILED';
