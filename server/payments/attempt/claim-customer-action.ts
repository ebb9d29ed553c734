import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import {
  ACTION_CLAIM_LEASE_SECONDS,
  claimIsLive,
  claimWaitingAttempt,
  readWaitingAttempt,
  type WaitingAttemptRow,
} from '../store/action-claims';

/** The claim this request holds on a waiting attempt, and the attempt as it was when it was taken. */
export interface ActionClaim {
  claim: string;
  attempt: WaitingAttemptRow;
}

/** How often a request that waits for another's claim looks again: from FIRST_LOOK_MS, doubling up to LOOK_MS. */
const FIRST_LOOK_MS = 10;
const LOOK_MS = 250;

/**
 * Claims the attempt of `sessionId` that waits for the customer, so that this request alone asks the
 * provider (ADR 040). While another request holds a live claim, this one waits for it: until the attempt
 * is decided (answers undefined: the caller answers what was recorded), the claim is given back, or it is
 * dead (its process gone, its lease over) and this request takes it. A transaction of another session is
 * 404; an attempt that no longer waits answers undefined at once.
 */
export const claimCustomerAction = async (
  ctx: AppContext,
  sessionId: string,
  transactionId: string,
): Promise<ActionClaim | undefined> => {
  const { database } = ctx;
  const giveUpAt = Date.now() + (ACTION_CLAIM_LEASE_SECONDS + 5) * 1000; // a claim cannot outlive its lease; this is a guard
  let look = FIRST_LOOK_MS;
  for (;;) {
    const attempt = await readWaitingAttempt(database.db, transactionId);
    if (!attempt || attempt.session_id !== sessionId)
      throw new AppError('TRANSACTION_NOT_FOUND', 'No such payment on this session');
    if (attempt.status !== 'INITIATED' || !attempt.pending_action) return undefined; // decided or closed
    const now = nowIso();
    if (!claimIsLive(database, attempt, now)) {
      const claim = await claimWaitingAttempt(database.db, database, attempt, now);
      if (claim) return { claim, attempt };
      continue; // another request took it first: look again at once
    }
    if (Date.now() >= giveUpAt)
      throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'This payment is being completed; try again shortly');
    await sleep(look);
    look = Math.min(look * 2, LOOK_MS);
  }
};
