import type { ApprovedPayment } from '../../providers/port';
import { approvedPaymentOf } from '../store/provider-data';
import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import type { ProviderTransactionState } from '../../providers/port';
import { redactHeaders } from '../../shared/request-headers';
import { rethrow, runPipeline } from '../pipeline';
import { knownOperationIds } from '../store/known-operations';
import { readTransaction } from '../store/read-transaction';
import { appendTransactionEvent, saveState, stateOf } from '../store/transaction-repository';
import { unitOfWork, type UnitOfWork } from '../unit-of-work';
import { bookProviderOperations } from './provider-drift';
import type { TransactionIntentAnswer } from './transaction-intent-schemas';

/** Whom the provider is asked about. */
interface Asked extends ApprovedPayment {
  accountId: string;
  productType: string;
  transactionId: string;
}

const unchanged = async (uow: UnitOfWork, id: string, accountId: string): Promise<TransactionIntentAnswer> => ({
  intent: 'sync_status',
  changed: false,
  event_ids: [],
  transaction: await readTransaction(uow.trx, await uow.transaction(id, accountId)),
});

/**
 * Step 4 in one unit of work holding the transaction's row lock: the provider's DONE operations that
 * Kassa neither booked nor holds are booked (provider-drift.ts), each as its event with the merchant's
 * callback in the outbox, and the new state saved with the version check. Nothing new is no change.
 */
const reconcile = async (
  uow: UnitOfWork,
  actor: Actor,
  asked: Asked,
  provider: ProviderTransactionState,
  meta: RequestMeta,
): Promise<TransactionIntentAnswer> => {
  const recorded = await uow.idempotency.recorded();
  const row = await uow.transaction(asked.transactionId, actor.accountId, { lock: true });
  if (recorded !== undefined) {
    uow.idempotency.replayed();
    return unchanged(uow, row.id, actor.accountId);
  }
  const known = await knownOperationIds(uow.trx, row.id);
  const unknown = provider.operations.filter((o) => !known.has(o.operationId));
  const { state, booked, unbooked } = bookProviderOperations(stateOf(row, await uow.capabilities(row)), unknown);
  const eventIds: string[] = [];
  if (booked.length > 0) {
    await saveState(uow.trx, row, state);
    for (const op of booked) {
      const eventId = await appendTransactionEvent(uow.trx, row.id, {
        event: op.kind,
        success: true,
        amount: op.amount,
        createdBy: actor.subject,
        requestId: meta.requestId,
        requestHeaders: redactHeaders(meta.headers),
        details: { intent: 'sync_status', provider_operation_id: op.operationId },
      });
      await uow.outbox.operation(row, { event: op.kind, eventId });
      eventIds.push(eventId);
    }
  }
  await uow.idempotency.record(row.id);
  return {
    intent: 'sync_status',
    changed: booked.length > 0,
    event_ids: eventIds,
    ...(unbooked.length > 0 ? { unreconciled: unbooked } : {}),
    transaction: await readTransaction(uow.trx, await uow.transaction(row.id, actor.accountId)),
  };
};

/**
 * `POST /v1/events/transaction/sync_status` (ADR 036) as the one pipeline (pipeline.ts): reserve = the
 * transaction is the account's (or a repeated Idempotency-Key answers); call = the provider's
 * `transactionState`, no database transaction open; failed = its error, nothing changed (503 when it
 * cannot be reached); settle = `reconcile`. Operations Kassa holds in flight are the operations worker's
 * to settle, never booked here.
 */
export const syncTransactionStatus = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  meta: RequestMeta,
): Promise<TransactionIntentAnswer> =>
  runPipeline<Asked, ProviderTransactionState, TransactionIntentAnswer>({
    reserve: () =>
      unitOfWork(ctx, meta, async (uow) => {
        const recorded = await uow.idempotency.recorded();
        const row = await uow.transaction(transactionId, actor.accountId);
        if (recorded === undefined)
          return {
            reserved: {
              accountId: row.account_id,
              productType: row.payment_product_type,
              transactionId,
              ...approvedPaymentOf(row),
            },
          };
        uow.idempotency.replayed();
        return { answer: await unchanged(uow, row.id, actor.accountId) };
      }),
    call: (asked) => ctx.providers.providerFor(asked.productType).transactionState(asked),
    failed: rethrow,
    settle: (asked, provider) => unitOfWork(ctx, meta, (uow) => reconcile(uow, actor, asked, provider, meta)),
  });
