import type { Executor } from '../../db/database';
import { nowIso } from '../../shared/clock';

/**
 * The writes of an unresolved authorization (ADR 050; migration 0040): the attempt stays INITIATED, and
 * `confirm_after` says when the recovery asks the provider about it (next), `confirm_asks` how often it asked.
 * Only an attempt still INITIATED is touched: one decided meanwhile keeps what was recorded.
 */
export const markAttemptUnresolved = (db: Executor, transactionId: string, firstAskAt: string) =>
  db
    .updateTable('transactions')
    // no longer the shopper's to decide on a page: the provider is asked
    .set({ confirm_after: firstAskAt, awaiting_customer_until: null, updated_at: nowIso() })
    .where('id', '=', transactionId)
    .where('status', '=', 'INITIATED')
    .execute();

export const deferAttemptAsk = (db: Executor, transactionId: string, asks: number, nextAskAt: string) =>
  db
    .updateTable('transactions')
    .set({ confirm_after: nextAskAt, confirm_asks: asks })
    .where('id', '=', transactionId)
    .where('status', '=', 'INITIATED')
    .execute();
