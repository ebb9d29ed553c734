import type { Insertable, Updateable } from 'kysely';
import { insertRow, updateRows } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import { expectChanged } from '../../db/expect-updated';
import type { TransactionsTable } from '../../db/schema';

/**
 * The payment attempt's writes of its transaction row (start → wait for the customer → decided, or
 * closed as FAILED). Only the stores write the transaction tables (test/unit/transaction-table-writers.test.ts).
 */

/** Step 1: the attempt's INITIATED transaction. */
export const insertAttempt = (trx: Executor, row: Insertable<TransactionsTable>): Promise<void> =>
  insertRow(trx, 'transactions', row);

/** Step 3: the provider's answer, on an attempt still INITIATED at the version read (else 409 CONFLICT and a rollback). */
export const recordAttemptOutcome = async (
  trx: Executor,
  attempt: { id: string; version: number },
  set: Updateable<TransactionsTable>,
): Promise<void> => {
  expectChanged(
    await updateRows(trx, 'transactions', set, { id: attempt.id, status: 'INITIATED', version: attempt.version }),
    'The payment attempt',
  );
};

/** The attempt waits for the customer on another page (what is pending, until when); false when it is no longer INITIATED. */
export const markAwaitingCustomer = async (
  trx: Executor,
  transactionId: string,
  set: Pick<Updateable<TransactionsTable>, 'awaiting_customer_until' | 'pending_action' | 'card' | 'card_brand'>,
  now: string,
): Promise<boolean> => {
  const updated = await trx
    .updateTable('transactions')
    .set((eb) => ({ ...set, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', transactionId)
    .where('status', '=', 'INITIATED')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
};
