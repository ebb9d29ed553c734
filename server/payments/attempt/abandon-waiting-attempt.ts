import type { AppContext } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import type { Executor } from '../../db/database';
import { nowIso } from '../../shared/clock';
import { AppError } from '../../errors/app-error';
import { claimIsLive, failWaitingAttempt, waitingAttemptsOf } from '../store/action-claims';
import { appendTransactionEvent } from '../store/transaction-repository';
import { minorUnits } from '../../../domain/money';

type Closing = { code: 'ABANDONED' | 'SESSION_CANCELLED' | 'ORDER_CHANGED'; message: string };
const REPLACED: Closing = {
  code: 'ABANDONED',
  message: 'The customer started a new payment before finishing this one',
};
export const CANCELLED_WHILE_WAITING: Closing = {
  code: 'SESSION_CANCELLED',
  message: 'The session was cancelled before the customer finished this payment',
};
/** The attempt was for the order as it was: paying it would charge another amount than the order now says. */
export const ORDER_CHANGED_WHILE_WAITING: Closing = {
  code: 'ORDER_CHANGED',
  message: 'The order changed before the customer finished this payment; pay again',
};

/**
 * Closes as FAILED every attempt of the session that waits for the customer on a 3-D Secure or
 * wallet page (inside the caller's transaction, session row locked), so that page can no longer
 * decide it. An attempt in a provider call is never touched (it has no `pending_action`); one whose
 * page is being completed right now (claimed, ADR 040) is a payment in progress: 409, nothing changes.
 */
export const closeWaitingAttempts = async (
  ctx: AppContext,
  trx: Executor,
  sessionId: string,
  why: Closing,
): Promise<number> => {
  const waiting = await waitingAttemptsOf(trx, sessionId);
  const now = nowIso();
  for (const tx of waiting) {
    if (claimIsLive(ctx.database, tx, now) || !(await failWaitingAttempt(trx, tx, now)))
      throw new AppError(
        'SESSION_PAYMENT_IN_PROGRESS',
        'The customer is completing a payment of this session; try again shortly',
      );
    await appendTransactionEvent(trx, tx.id, {
      event: 'AUTHORIZE',
      success: false,
      amount: minorUnits(tx.amount),
      createdBy: 'customer',
      error: { ...why },
      details: { retry_policy: { retryable: why !== CANCELLED_WHILE_WAITING } },
    });
    await ctx.payableSessions.appendEvent(trx, sessionId, 'FAILED', {
      details: { transaction_id: tx.id, error: { ...why } },
    });
  }
  return waiting.length;
};

/**
 * `force_new=true`: the attempt the customer left on a 3-D Secure or wallet page is closed, so a new
 * payment can start. A session that can no longer be paid answers the view's 404 and nothing changes.
 */
export const abandonWaitingAttempt = (ctx: AppContext, sessionId: string): Promise<number> =>
  unitOfWork(ctx, undefined, async ({ trx }) => {
    await ctx.payableSessions.lockOpenForView(trx, ctx.database, sessionId);
    return closeWaitingAttempts(ctx, trx, sessionId, REPLACED);
  });
