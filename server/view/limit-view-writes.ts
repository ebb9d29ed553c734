import type { Env } from '../config/env';
import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { timeOrderedUuid } from '../shared/ids';
import { assertWindowLeft, LIMIT_WINDOW_SECONDS, windowStart } from '../shared/window-limit';

const BUDGET_USED =
  'This checkout cannot take more changes; pay with the details as they are, or start again from the shop';
type ViewWriteLimits = Pick<Env, 'KASSA_VIEW_WRITES_PER_SESSION' | 'KASSA_VIEW_EVENT_BYTES_PER_SESSION'>;

/**
 * Issue 24: what a session id alone may make Kassa store. At most `KASSA_VIEW_WRITES_PER_SESSION`
 * customer writes per session within an hour (429 with `Retry-After`: the seconds until the oldest
 * counted write is an hour old), and at most `KASSA_VIEW_EVENT_BYTES_PER_SESSION` bytes of event
 * details and request headers from those writes over the session's life (then 429 without
 * `Retry-After`: waiting does not help; the customer can still pay). Counted from
 * `session_view_writes`; `bytes` is what the write about to be made stores (0 for the check before
 * the write is computed, which refuses only a session with nothing left).
 */
export const assertViewWriteAllowed = async (
  db: Executor,
  env: ViewWriteLimits,
  sessionId: string,
  bytes: number,
  nowMs = Date.now(),
) => {
  const limit = env.KASSA_VIEW_WRITES_PER_SESSION;
  if (limit > 0) {
    const recent = await db
      .selectFrom('session_view_writes')
      .select('created_at')
      .where('session_id', '=', sessionId)
      .where('created_at', '>', windowStart(LIMIT_WINDOW_SECONDS, nowMs))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    assertWindowLeft(recent, limit, 'Too many changes to this checkout', nowMs);
  }
  const budget = env.KASSA_VIEW_EVENT_BYTES_PER_SESSION;
  if (budget > 0) {
    const row = await db
      .selectFrom('session_view_writes')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('used'))
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (Number(row?.used ?? 0) + Math.max(bytes, 1) > budget) {
      throw new AppError('TOO_MANY_REQUESTS', BUDGET_USED);
    }
  }
};

/** Counts a customer write; in the transaction that stores its events, with the session row locked. */
export const recordViewWrite = async (trx: Executor, sessionId: string, bytes: number): Promise<void> => {
  const row = { id: timeOrderedUuid(), session_id: sessionId, created_at: nowIso(), bytes };
  await trx.insertInto('session_view_writes').values(row).execute();
};
