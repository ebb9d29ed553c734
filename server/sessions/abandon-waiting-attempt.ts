import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { appendTransactionEvent } from '../transactions/transaction-repository';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';

const REPLACED = { code: 'ABANDONED', message: 'The customer started a new payment before finishing this one' } as const;

/**
 * `force_new=true`: the attempt that waits for the customer on a 3-D Secure or wallet page (one they
 * left) is closed as FAILED, so a new payment can start. An attempt in a provider call is never
 * touched (it has no `pending_action`).
 */
export const abandonWaitingAttempt = (ctx: AppContext, sessionId: string): Promise<number> =>
  inTransaction(ctx.database, async (trx) => {
    await loadSession(trx, ctx.database, sessionId, { lock: true });
    const waiting = await trx
      .selectFrom('transactions')
      .select(['id', 'amount'])
      .where('session_id', '=', sessionId)
      .where('status', '=', 'INITIATED')
      .where('pending_action', 'is not', null)
      .execute();
    const now = nowIso();
    for (const tx of waiting) {
      await trx
        .updateTable('transactions')
        .set((eb) => ({ status: 'FAILED', updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', tx.id)
        .where('status', '=', 'INITIATED')
        .execute();
      await appendTransactionEvent(trx, tx.id, {
        event: 'AUTHORIZE',
        success: false,
        amount: tx.amount,
        createdBy: 'customer',
        error: { ...REPLACED },
        details: { retry_policy: { retryable: true } },
      });
      await appendSessionEvent(trx, sessionId, 'FAILED', { details: { transaction_id: tx.id, error: { ...REPLACED } } });
    }
    return waiting.length;
  });
