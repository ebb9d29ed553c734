import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { markReplayed, recordedResource, recordResource } from '../idempotency/once-per-key';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { CANCELLED_WHILE_WAITING, cancelPayment, closeWaitingAttempts } from '../payments';
import { appendSessionEvent } from './session-events';
import { loadSession, readSession } from './session-repository';
import type { SessionView } from './session-schemas';
import { saveSessionChanges } from './save-session-changes';

/**
 * Cancels a session. Its payment is called off first through the payments entry (`cancelPayment`: the
 * transaction's own void rule, decided under its lock; the provider is called outside any database
 * transaction): an authorization, or a payment ON_HOLD, is voided; a captured, refunded or already
 * voided one makes cancel not allowed (400 TRANSACTION_NOT_VOIDABLE, nothing changes; ADR 032).
 * An attempt waiting on a 3-D Secure or wallet page is closed with the cancel, so that page cannot pay it.
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

  return inTransaction(ctx.database, async (trx) => {
    const row = await loadSession(trx, ctx.database, sessionId, { accountId: actor.accountId, lock: true });
    if (row.status === 'CANCELLED') throw new AppError('SESSION_CANCELLED', 'The session is already cancelled');
    if (row.version !== session.version && row.status !== session.status)
      throw new AppError('CONFLICT', 'The session changed while it was being cancelled; retry');
    const now = nowIso();
    await closeWaitingAttempts(ctx, trx, row.id, CANCELLED_WHILE_WAITING);
    await saveSessionChanges(
      trx,
      row,
      { status: 'CANCELLED', cancelled_at: now, cancelled_by: actor.subject, pay_lock_id: null },
      now,
    );
    await recordResource(trx, meta, row.id);
    await appendSessionEvent(trx, row.id, 'CANCELLED', {
      meta,
      details: { cancelled_by: actor.subject, ...(row.transaction_id ? { transaction_id: row.transaction_id } : {}) },
    });
    return readSession(trx, await loadSession(trx, ctx.database, row.id));
  });
};
