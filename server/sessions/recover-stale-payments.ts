import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { nowIso } from '../shared/clock';
import { appendTransactionEvent } from '../transactions/transaction-repository';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';

/** A card authorization answers within seconds; one still INITIATED after this long lost its server. */
export const STALE_PAYMENT_MS = 120_000;

/**
 * A server that dies between starting a payment and recording the acquirer's answer leaves the
 * session PAYING. The sandbox acquirer keeps no authorization ledger to ask, so such an attempt is
 * closed as FAILED (`ABANDONED`, retryable) and the session can be paid or cancelled again.
 */
export const recoverStalePayments = async (ctx: AppContext, limit = 20): Promise<number> => {
  const before = new Date(Date.now() - STALE_PAYMENT_MS).toISOString();
  const stale = await ctx.database.db.selectFrom('transactions').select(['id', 'session_id', 'amount']).where('status', '=', 'INITIATED').where('created_at', '<', before).limit(limit).execute();
  for (const tx of stale) {
    await inTransaction(ctx.database, async (trx) => {
      const session = await loadSession(trx, ctx.database, tx.session_id, { lock: true });
      const now = nowIso();
      const updated = await trx.updateTable('transactions').set({ status: 'FAILED', updated_at: now }).where('id', '=', tx.id).where('status', '=', 'INITIATED').executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      const error = { code: 'ABANDONED', message: 'The payment attempt did not complete; the customer may try again' };
      await appendTransactionEvent(trx, tx.id, { event: 'AUTHORIZE', success: false, amount: tx.amount, createdBy: 'system', error, details: { retry_policy: { retryable: true } } });
      if (session.status === 'PAYING') {
        await trx.updateTable('sessions').set({ status: 'OPEN', updated_at: now, version: session.version + 1 }).where('id', '=', session.id).execute();
      }
      await appendSessionEvent(trx, session.id, 'FAILED', { details: { transaction_id: tx.id, error } });
    });
  }
  return stale.length;
};
