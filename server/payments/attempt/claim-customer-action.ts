import type { AppContext } from '../../app-context';
import type { Database } from '../../db/database';
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

/** Requests of this process waiting for a claim, per database and transaction: woken when it is settled or given back. */
const waiting = new WeakMap<Database, Map<string, Set<() => void>>>();

/** The claim on `transactionId` was settled or given back: this process's waiting requests look again at once. */
export const claimSettled = (database: Database, transactionId: string): void => {
  for (const wake of waiting.get(database)?.get(transactionId) ?? []) wake();
};

/** Resolves after `ms`, or sooner when this process settles the claim (another process's is seen by looking). */
const nextLook = (database: Database, transactionId: string, ms: number): Promise<void> =>
  new Promise((resolve) => {
    let byTransaction = waiting.get(database);
    if (!byTransaction) waiting.set(database, (byTransaction = new Map()));
    let wakers = byTransaction.get(transactionId);
    if (!wakers) byTransaction.set(transactionId, (wakers = new Set()));
    const here = wakers;
    const wake = () => {
      clearTimeout(timer);
      here.delete(wake);
      if (here.size === 0 && byTransaction.get(transactionId) === here) byTransaction.delete(transactionId);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    here.add(wake);
  });

/**
 * Claims the attempt of `sessionId` that waits for the customer, so that this request alone asks the
 * provider (ADR 040). While another request holds a live claim, this one waits for it (looking again on a
 * growing interval, at once when this process settles it): until the attempt
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
    await nextLook(database, transactionId, look);
    look = Math.min(look * 2, LOOK_MS);
  }
};
