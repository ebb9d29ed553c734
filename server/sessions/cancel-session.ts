import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { markReplayed, recordedResource, recordResource } from '../idempotency/once-per-key';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { runMoneyOperation } from '../payments';
import { CANCELLED_WHILE_WAITING, closeWaitingAttempts } from '../payments';
import { appendSessionEvent } from './session-events';
import { loadSession, readSession, type SessionRecord } from './session-repository';
import type { SessionView } from './session-schemas';
import { saveSessionChanges } from './save-session-changes';

const CANCELLABLE_TRANSACTION = new Set(['INITIATED', 'AUTHORIZED']);

const currentTransactionStatus = async (ctx: AppContext, session: SessionRecord): Promise<string | undefined> => {
  if (!session.transaction_id) return undefined;
  const tx = await ctx.database.db.selectFrom('transactions').select('status').where('id', '=', session.transaction_id).executeTakeFirst();
  return tx?.status;
};

/**
 * Cancels a session. An authorized transaction is voided first (through the provider, outside any
 * database transaction); any later transaction state (captured, refunded...) makes cancel not allowed.
 * An attempt waiting on a 3-D Secure or wallet page is closed with the cancel, so that page cannot pay it.
 */
export const cancelSession = async (ctx: AppContext, actor: Actor, sessionId: string, meta: RequestMeta): Promise<SessionView> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId, { accountId: actor.accountId });
  if (session.status === 'CANCELLED' && (await recordedResource(ctx.database.db, ctx.database, meta)) === session.id) {
    // This key's cancel committed before (ADR 006); its answer was never stored.
    markReplayed(meta);
    return readSession(ctx.database.db, session);
  }
  if (session.status === 'CANCELLED') throw new AppError('SESSION_CANCELLED', 'The session is already cancelled');
  if (session.status === 'PAYING') throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'A payment of this session is in progress; try again shortly');
  const txStatus = await currentTransactionStatus(ctx, session);
  if (txStatus && !CANCELLABLE_TRANSACTION.has(txStatus)) {
    throw new AppError('TRANSACTION_NOT_VOIDABLE', `The session's transaction is ${txStatus}; only an initiated or authorized transaction can be cancelled`);
  }
  // The void is a step of this cancel, not what its Idempotency-Key records (the cancel's transaction does).
  if (txStatus === 'AUTHORIZED')
    await runMoneyOperation(ctx, actor, { transactionId: session.transaction_id!, operation: 'VOID', amount: 0, details: { reason: 'session cancelled' } }, { ...meta, idempotency: undefined });

  return inTransaction(ctx.database, async (trx) => {
    const row = await loadSession(trx, ctx.database, sessionId, { accountId: actor.accountId, lock: true });
    if (row.status === 'CANCELLED') throw new AppError('SESSION_CANCELLED', 'The session is already cancelled');
    if (row.version !== session.version && row.status !== session.status) throw new AppError('CONFLICT', 'The session changed while it was being cancelled; retry');
    const now = nowIso();
    await closeWaitingAttempts(trx, row.id, CANCELLED_WHILE_WAITING);
    await saveSessionChanges(trx, row, { status: 'CANCELLED', cancelled_at: now, cancelled_by: actor.subject, pay_lock_id: null }, now);
    await recordResource(trx, meta, row.id);
    await appendSessionEvent(trx, row.id, 'CANCELLED', { meta, details: { cancelled_by: actor.subject, ...(row.transaction_id ? { transaction_id: row.transaction_id } : {}) } });
    return readSession(trx, await loadSession(trx, ctx.database, row.id));
  });
};
