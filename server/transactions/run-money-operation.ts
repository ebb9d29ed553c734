import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { uuid } from '../shared/ids';
import { amountsOf, appendTransactionEvent, loadTransaction, readTransaction, saveTransactionState } from './transaction-repository';
import { applyCompleted, decide, releaseReservation, reserve, statusFromAmounts, type Operation, type TransactionStatus } from './transaction-state';
import type { TransactionView } from './transaction-schemas';

export interface MoneyOperationRequest {
  transactionId: string;
  operation: Operation;
  /** Requested amount; ignored for VOID, which voids whatever is still capturable. */
  amount: number;
  details?: Record<string, unknown>;
}

/**
 * Capture, refund and void share one shape, so no interleaving can move more money
 * than allowed:
 *  1. in a transaction holding the row lock, decide and RESERVE the amount (pending_*),
 *  2. call the provider with no database transaction open,
 *  3. in a new locked transaction, turn the reservation into the settled amount and
 *     append the event; if the provider failed, release the reservation instead.
 * A concurrent request sees the reservation in step 1 and is refused.
 */
export const runMoneyOperation = async (ctx: AppContext, actor: Actor, req: MoneyOperationRequest, meta: RequestMeta): Promise<TransactionView> => {
  const { database } = ctx;
  const { operation, transactionId } = req;

  const reserved = await inTransaction(database, async (trx) => {
    const row = await loadTransaction(trx, database, transactionId, actor.accountId, true);
    const amounts = amountsOf(row);
    const decision = decide(row.status as TransactionStatus, amounts, operation, req.amount);
    if (!decision.ok) throw new AppError(decision.code, decision.message);
    await saveTransactionState(trx, row, row.status as TransactionStatus, reserve(amounts, operation, decision.reserve));
    return { amount: decision.reserve, currency: row.currency };
  });

  const call = { transactionId, operationId: uuid(), amount: reserved.amount, currency: reserved.currency };
  try {
    if (operation === 'CAPTURE') await ctx.acquirer.capture(call);
    else if (operation === 'REFUND') await ctx.acquirer.refund(call);
    else await ctx.acquirer.void(call);
  } catch (error) {
    await inTransaction(database, async (trx) => {
      const row = await loadTransaction(trx, database, transactionId, actor.accountId, true);
      await saveTransactionState(trx, row, row.status as TransactionStatus, releaseReservation(amountsOf(row), operation, reserved.amount));
    });
    throw error;
  }

  return inTransaction(database, async (trx) => {
    const row = await loadTransaction(trx, database, transactionId, actor.accountId, true);
    const amounts = applyCompleted(amountsOf(row), operation, reserved.amount);
    const status = statusFromAmounts(amounts);
    await saveTransactionState(trx, row, status, amounts);
    await appendTransactionEvent(trx, transactionId, {
      event: operation,
      success: true,
      amount: reserved.amount,
      createdBy: actor.subject,
      requestId: meta.requestId,
      details: req.details,
    });
    const saved = await loadTransaction(trx, database, transactionId, actor.accountId);
    return readTransaction(trx, saved);
  });
};
