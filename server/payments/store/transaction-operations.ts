import { returnGiftCards } from '../../wallets/return-gift-cards';
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import { enqueueOperationCallbacks } from '../../callbacks/enqueue-callback';
import { insertRow, lockableOnce, updateRows } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import { inTransaction } from '../../db/tx';
import { canonicalJson } from '../../idempotency/idempotency-store';
import { nowIso } from '../../shared/clock';
import { timeOrderedUuid, uuid } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import { appendTransactionEvent, loadTransaction, saveState, stateOf } from './transaction-repository';
import { complete, release, type Operation } from '../../../domain/transaction-state';
import type { TransactionOperationsTable } from '../../db/schema';
import { toOperationRecord, type OperationRecord } from './operation-record';

export type { OperationRecord, OperationRow } from './operation-record';

/** sha256 of the canonical JSON (keys sorted at every level): the same request in another key order is the same request. */
export const requestHash = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** The hash stored before canonical hashing, so a reference recorded by an older version still replays. */
export const legacyRequestHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const operationById = lockableOnce((exec, id: string) => exec.selectFrom('transaction_operations').selectAll().where('id', '=', id));

export const loadOperation = async (ctx: AppContext, trx: Executor, id: string, lock = false): Promise<OperationRecord | undefined> => {
  const [row] = await operationById(trx, ctx.database, lock, id);
  return row && toOperationRecord(row);
};

/** What step 1 records of an operation: PENDING, with its reservation and the request that asked for it. */
export type PendingOperation = Pick<
  Insertable<TransactionOperationsTable>,
  'reservation' | 'status' | 'request_hash' | 'initiate_request_id' | 'created_by' | 'request_id' | 'details' | 'request_headers' | 'updated_at'
>;

/**
 * Step 1 of a money operation: records it PENDING, on a new row, or on the RELEASED row of the same
 * reference (`reuse`: a retry after the provider refused). Returns the operation's id.
 */
export const recordOperation = async (
  trx: Executor,
  op: { reuse?: string; transactionId: string; accountId: string; operation: Operation; reference?: string },
  values: PendingOperation,
): Promise<string> => {
  if (op.reuse) {
    await updateRows(trx, 'transaction_operations', values, { id: op.reuse });
    return op.reuse;
  }
  const id = timeOrderedUuid();
  const row = { id, transaction_id: op.transactionId, account_id: op.accountId, operation: op.operation, reference: op.reference ?? null, created_at: values.updated_at };
  await insertRow(trx, 'transaction_operations', { ...row, ...values });
  return id;
};

/** Gives a reservation back (the provider refused or never saw the operation). */
export const releaseOperation = (ctx: AppContext, operationId: string): Promise<void> =>
  inTransaction(ctx.database, async (trx) => {
    const op = await loadOperation(ctx, trx, operationId, true);
    if (!op || (op.status !== 'PENDING' && op.status !== 'ASYNC')) return;
    const row = await loadTransaction(trx, ctx.database, op.transaction_id, op.account_id, true);
    await saveState(trx, row, release(stateOf(row), op.reservation));
    await updateRows(trx, 'transaction_operations', { status: 'RELEASED', updated_at: nowIso() }, { id: op.id });
  });

/**
 * Turns a reservation into settled money, appends the event (with `initiate_request_id` when the
 * operation had been accepted for later), and a VOID event for what a final capture released.
 * Idempotent: an operation that is already settled is left alone.
 */
export const settleOperation = async (ctx: AppContext, operationId: string): Promise<void> => {
  if (await settle(ctx, operationId)) ctx.callbacksQueued.notify(); // the merchant's report_event callback, committed now
};

/** True when it queued a callback. */
const settle = (ctx: AppContext, operationId: string): Promise<boolean> =>
  inTransaction(ctx.database, async (trx) => {
    const op = await loadOperation(ctx, trx, operationId, true);
    if (!op || (op.status !== 'PENDING' && op.status !== 'ASYNC')) return false;
    const row = await loadTransaction(trx, ctx.database, op.transaction_id, op.account_id, true);
    const { reservation } = op;
    const { state, voidedByFinalCapture, booked } = complete(stateOf(row), reservation);
    await saveState(trx, row, state);
    // A void or refund (or a final capture's void of the rest) gives the wallet gift cards their part back, in this same transaction.
    if (op.operation !== 'CAPTURE' || voidedByFinalCapture > 0)
      await returnGiftCards(trx, ctx.database, row, state.amounts, { operationId: op.id, reason: op.operation === 'REFUND' ? 'payment refunded' : 'payment voided', createdBy: op.created_by });
    const items = Object.entries(booked).map(([line_id, amount]) => ({
      line_id,
      amount,
      ...(reservation.quantities && Object.hasOwn(reservation.quantities, line_id) ? { quantity: reservation.quantities[line_id] } : {}),
    }));
    const eventId = await appendTransactionEvent(trx, row.id, {
      event: op.operation,
      success: true,
      amount: reservation.amount,
      items,
      createdBy: op.created_by,
      requestId: op.request_id ?? undefined,
      requestHeaders: op.requestHeaders,
      details: { ...op.details, ...(op.initiate_request_id ? { initiate_request_id: op.initiate_request_id } : {}) },
    });
    let queued = await enqueueOperationCallbacks(trx, row, { event: op.operation, eventId });
    if (voidedByFinalCapture > 0) {
      const voidEventId = await appendTransactionEvent(trx, row.id, {
        event: 'VOID',
        success: true,
        amount: voidedByFinalCapture,
        createdBy: op.created_by,
        requestId: op.request_id ?? undefined,
        details: { reason: 'final_capture' },
      });
      queued = (await enqueueOperationCallbacks(trx, row, { event: 'VOID', eventId: voidEventId })) || queued;
    }
    await updateRows(trx, 'transaction_operations', { status: 'DONE', updated_at: nowIso() }, { id: op.id });
    return queued;
  });

/** Marks an operation as accepted for later (202) and records the INITIATE_* event. */
export const markAsync = (ctx: AppContext, operationId: string): Promise<string> =>
  inTransaction(ctx.database, async (trx) => {
    const op = (await loadOperation(ctx, trx, operationId, true))!;
    if (op.initiate_request_id) return op.initiate_request_id;
    const initiateRequestId = uuid();
    const row = await loadTransaction(trx, ctx.database, op.transaction_id, op.account_id, true);
    const { reservation } = op;
    await appendTransactionEvent(trx, row.id, {
      event: `INITIATE_${op.operation}`,
      success: true,
      amount: reservation.amount,
      createdBy: op.created_by,
      requestId: op.request_id ?? undefined,
      requestHeaders: op.requestHeaders,
      details: { ...op.details, event_request_id: initiateRequestId },
    });
    await updateRows(trx, 'transaction_operations', { status: 'ASYNC', initiate_request_id: initiateRequestId, updated_at: nowIso() }, { id: op.id });
    return initiateRequestId;
  });

export const operationDetails = (details: Record<string, unknown> | undefined): string | null => (details && Object.keys(details).length > 0 ? toJson(details) : null);
