import type { Env } from '../config/env';
import type { Executor } from '../db/database';
import { assertWindowLeft, LIMIT_WINDOW_SECONDS, windowStart } from '../shared/window-limit';

/**
 * SMS pumping: at most `KASSA_SCC_PER_SESSION` confirmation codes per session within an hour, else
 * 429 TOO_MANY_REQUESTS with `Retry-After` (the seconds until the oldest of them is an hour old).
 * Counted from `sms_outbox` in the transaction that inserts the next code, with the session row
 * locked, so concurrent requests and several processes cannot send more.
 */
export const assertConfirmationCodesLeft = async (
  trx: Executor,
  env: Pick<Env, 'KASSA_SCC_PER_SESSION'>,
  session: { id: string; account_id: string },
  nowMs = Date.now(),
): Promise<void> => {
  const limit = env.KASSA_SCC_PER_SESSION;
  if (limit <= 0) return;
  const sent = await trx
    .selectFrom('sms_outbox')
    .select('created_at')
    .where('account_id', '=', session.account_id)
    .where('session_id', '=', session.id)
    .where('created_at', '>', windowStart(LIMIT_WINDOW_SECONDS, nowMs))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  assertWindowLeft(sent, limit, 'Too many confirmation codes sent for this session', nowMs);
};
