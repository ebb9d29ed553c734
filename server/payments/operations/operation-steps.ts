import type { AppContext } from '../../app-context';
import { providerNotReached } from '../../providers/provider-errors';
import { uuid } from '../../shared/ids';
import { returnGiftCards } from '../../wallets/return-gift-cards';
import { complete, release } from '../../../domain/transaction-state';
import { setOperationStatus } from '../store/transaction-operations';
import { appendTransactionEvent, saveState, stateOf } from '../store/transaction-repository';
import { unitOfWork, type UnitOfWork } from '../unit-of-work';

/**
 * Step 3 of the money-operation pipeline (run-money-operation.ts), each one unit of work that finds
 * the operation and its transaction under their row locks: settle what the provider did, release what
 * it refused or never saw, or mark what it accepted for later. Each is idempotent: an operation that
 * has already ended is left alone, so the worker (complete-pending-operations.ts) may repeat any of them.
 */
const OPEN = new Set(['PENDING', 'ASYNC', 'UNRESOLVED']);

const openOperation = async (uow: UnitOfWork, operationId: string) => {
  const op = await uow.operation(operationId, { lock: true });
  if (!op || !OPEN.has(op.status)) return undefined;
  return { op, row: await uow.transaction(op.transaction_id, op.account_id, { lock: true }) };
};

/** Gives a reservation back (the provider refused or never saw the operation). */
export const releaseOperation = (ctx: AppContext, operationId: string): Promise<void> =>
  unitOfWork(ctx, undefined, async (uow) => {
    const open = await openOperation(uow, operationId);
    if (!open) return;
    await saveState(uow.trx, open.row, release(stateOf(open.row), open.op.reservation));
    await setOperationStatus(uow.trx, operationId, { status: 'RELEASED' });
  });

/**
 * Turns a reservation into settled money: appends the event (with `initiate_request_id` when the
 * operation had been accepted for later) and its callback, and a VOID event for what a final capture
 * released. A void or refund (or a final capture's void of the rest) gives the wallet gift cards their part back.
 */
export const settleOperation = (ctx: AppContext, operationId: string): Promise<void> =>
  unitOfWork(ctx, undefined, async (uow) => {
    const open = await openOperation(uow, operationId);
    if (!open) return;
    const { op, row } = open;
    const { reservation } = op;
    const { state, voidedByFinalCapture, booked } = complete(stateOf(row), reservation);
    await saveState(uow.trx, row, state);
    if (op.operation !== 'CAPTURE' || voidedByFinalCapture > 0) {
      const reason = op.operation === 'REFUND' ? 'payment refunded' : 'payment voided';
      await returnGiftCards(uow.trx, ctx.database, row, state.amounts, {
        operationId: op.id,
        reason,
        createdBy: op.created_by,
      });
    }
    const quantities = reservation.quantities;
    const items = Object.entries(booked).map(([line_id, amount]) => ({
      line_id,
      amount,
      ...(quantities && Object.hasOwn(quantities, line_id) ? { quantity: quantities[line_id] } : {}),
    }));
    const eventId = await appendTransactionEvent(uow.trx, row.id, {
      event: op.operation,
      success: true,
      amount: reservation.amount,
      items,
      createdBy: op.created_by,
      requestId: op.request_id ?? undefined,
      requestHeaders: op.requestHeaders,
      details: { ...op.details, ...(op.initiate_request_id ? { initiate_request_id: op.initiate_request_id } : {}) },
    });
    await uow.outbox.operation(row, { event: op.operation, eventId });
    if (voidedByFinalCapture > 0) {
      const voidEventId = await appendTransactionEvent(uow.trx, row.id, {
        event: 'VOID',
        success: true,
        amount: voidedByFinalCapture,
        createdBy: op.created_by,
        requestId: op.request_id ?? undefined,
        details: { reason: 'final_capture' },
      });
      await uow.outbox.operation(row, { event: 'VOID', eventId: voidEventId });
    }
    await setOperationStatus(uow.trx, op.id, { status: 'DONE' });
  });

/**
 * The provider accepted an operation for later and then did not do it (status FAILED), or says it never
 * received one whose answer never came (UNKNOWN): the reservation is given back, as for an operation it
 * refused, and a failed event (OPERATION_FAILED, with the `initiate_request_id` of its 202) tells the
 * merchant why (`why`); the same reference or key may then try again.
 */
export const failOperation = (ctx: AppContext, operationId: string, why: 'FAILED' | 'UNKNOWN'): Promise<void> =>
  unitOfWork(ctx, undefined, async (uow) => {
    const open = await openOperation(uow, operationId);
    if (!open) return;
    const { op, row } = open;
    await saveState(uow.trx, row, release(stateOf(row), op.reservation));
    await appendTransactionEvent(uow.trx, row.id, {
      event: op.operation,
      success: false,
      amount: op.reservation.amount,
      createdBy: op.created_by,
      requestId: op.request_id ?? undefined,
      error: {
        code: 'OPERATION_FAILED',
        message:
          why === 'FAILED'
            ? `The payment provider did not complete the ${op.operation.toLowerCase()} it had accepted; nothing moved`
            : `The payment provider never received the ${op.operation.toLowerCase()} whose answer did not come; nothing moved`,
      },
      details: { ...op.details, ...(op.initiate_request_id ? { initiate_request_id: op.initiate_request_id } : {}) },
    });
    await setOperationStatus(uow.trx, op.id, { status: 'RELEASED' });
  });

const unresolvedMessage = (operation: string) =>
  `The payment provider did not answer in time; it may have done the ${operation.toLowerCase()}. ` +
  'The amount stays reserved, and Kassa asks the provider until it knows; do not send it again as a new operation';

/**
 * Marks an operation as accepted for later (ASYNC: the provider said so) or as unresolved (UNRESOLVED:
 * it was sent and no answer came, so the provider may have done it), and records the INITIATE_* event,
 * which for an unresolved one says so (`provider_outcome: unknown`, `message`); its event request id.
 * Either stays reserved until the operations worker learns the outcome (complete-pending-operations.ts).
 * Undefined when the worker settled it meanwhile (it found a stale one first).
 */
export const markAsync = (ctx: AppContext, operationId: string, unresolved = false): Promise<string | undefined> =>
  unitOfWork(ctx, undefined, async (uow) => {
    const op = (await uow.operation(operationId, { lock: true }))!;
    if (op.initiate_request_id) return op.initiate_request_id;
    // The worker found it stale first: settled (the answer is the transaction as it is now), or released
    // because the provider said it never received it (then nothing moved, as for a provider not reached).
    if (op.status === 'RELEASED')
      throw providerNotReached(
        undefined,
        `The payment provider says it never received the ${op.operation.toLowerCase()}; nothing moved, try again`,
      );
    if (op.status !== 'PENDING') return undefined;
    const initiateRequestId = uuid();
    const row = await uow.transaction(op.transaction_id, op.account_id, { lock: true });
    await appendTransactionEvent(uow.trx, row.id, {
      event: `INITIATE_${op.operation}`,
      success: true,
      amount: op.reservation.amount,
      createdBy: op.created_by,
      requestId: op.request_id ?? undefined,
      requestHeaders: op.requestHeaders,
      details: {
        ...op.details,
        event_request_id: initiateRequestId,
        ...(unresolved ? { provider_outcome: 'unknown', message: unresolvedMessage(op.operation) } : {}),
      },
    });
    const status = unresolved ? 'UNRESOLVED' : 'ASYNC';
    await setOperationStatus(uow.trx, op.id, { status, initiate_request_id: initiateRequestId });
    return initiateRequestId;
  });
