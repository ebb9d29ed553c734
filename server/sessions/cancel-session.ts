import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { markReplayed, recordedResource, recordResource } from '../idempotency/once-per-key';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import {
  CANCELLED_WHILE_WAITING,
  cancelPayment,
  closeWaitingAttempts,
  recordVoidedAttempts,
  voidWaitingAttempts,
} from '../payments';
import { appendSessionEvent } from './session-events';
import { loadSession, readSession } from './session-repository';
import type { SessionView } from './session-schemas';
import { saveSessionChanges } from './save-session-changes';

/**
 * Cancels a session. Its payment is called off first through the payments entry (`cancelPayment`: the
 * transaction's own void rule, decided under its lock; the provider is called outside any database
 * transaction): an authorization, or a payment ON_HOLD, is voided; a captured, refunded or already
 * voided one makes cancel not allowed (400 TRANSACTION_NOT_VOIDABLE, nothing changes; ADR 032).
 * An attempt waiting on a 3-D Secure or wallet page is voided at its provider first (`voidWaitingAttempts`,
 * claimed so that page cannot pay it; 409 while the customer is completing it) and recorded as voided with
 * the cancel, with its VOID event and callback (issue 37 item 19).
 */
export const cancelSession = async (
  ctx: AppContext,
  actor: Actor,
  sessionId: string,
  meta: RequestMeta,
): Promise<SessionView> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId, { accountId: actor.accountId });
  if (session.status === 'CANCELLED' && (await recordedResource(ctx.database.db, ctx.database, meta)) === session.id) {
    // This key's cancel committed before (ADR 006); its answer was never stored.
    markReplayed(meta);
    return readSession(ctx.database.db, session);
  }
  if (session.status === 'CANCELLED') throw new AppError('SESSION_CANCELLED', 'The session is already cancelled');
  if (session.status === 'PAYING')
    throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'A payment of this session is in progress; try again shortly');
  if (session.transaction_id) await cancelPayment(ctx, actor, session.transaction_id, meta);
  const voided = await voidWaitingAttempts(ctx, session.id);

  let queued = false;
  const cancelled = await inTransaction(ctx.database, async (trx) => {
    const row = await loadSession(trx, ctx.database, sessionId, { accountId: actor.accountId, lock: true });
    if (row.status === 'CANCELLED') throw new AppError('SESSION_CANCELLED', 'The session is already cancelled');
    if (row.version !== session.version && row.status !== session.status)
      throw new AppError('CONFLICT', 'The session changed while it was being cancelled; retry');
    const now = nowIso();
    queued = await recordVoidedAttempts(ctx, trx, row.account_id, voided, actor.subject, meta);
    await closeWaitingAttempts(ctx, trx, row.id, CANCELLED_WHILE_WAITING);
    await saveSessionChanges(
      trx,
      row,
      { status: 'CANCELLED', cancelled_at: now, cancelled_by: actor.subject, pay_lock_id: null },
      now,
    );
    await recordResource(trx, meta, row.id);
    const transactionId = row.transaction_id ?? voided[0]?.id;
    await appendSessionEvent(trx, row.id, 'CANCELLED', {
      meta,
      details: { cancelled_by: actor.subject, ...(transactionId ? { transaction_id: transactionId } : {}) },
    });
    return readSession(trx, await loadSession(trx, ctx.database, row.id));
  });
  if (queued) ctx.callbacksQueued.notify();
  return cancelled;
};
