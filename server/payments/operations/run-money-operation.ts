import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { inTransaction } from '../../db/tx';
import { markReplayed, recordedResource, recordResource } from '../../idempotency/once-per-key';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import { toJson } from '../../shared/json-columns';
import { minorUnits } from '../../../domain/money';
import { redactHeaders } from '../../shared/request-headers';
import { getTransactionJson } from '../transactions/get-transaction';
import { loadTransaction, saveState, stateOf } from '../store/transaction-repository';
import { decide, decideCancel, reserve, type LineAmount, type Operation } from '../../../domain/transaction-state';
import { legacyRequestHash, markAsync, operationDetails, recordOperation, releaseOperation, requestHash, settleOperation } from '../store/transaction-operations';

export interface MoneyOperationRequest {
  transactionId: string;
  operation: Operation;
  /** Requested amount; ignored for VOID, which voids whatever is still capturable. */
  amount: number;
  items?: LineAmount[];
  finalCapture?: boolean;
  /** A VOID that is a session's cancel: decided by `decideCancel` (nothing captured, then the void rule). */
  cancel?: boolean;
  /** capture_reference / refund_reference: the same reference and body replays the first result. */
  reference?: string;
  details?: Record<string, unknown>;
}

export interface MoneyOperationResult {
  /** The transaction's view after the operation, as JSON text (transaction-view-json.ts). */
  json: string;
  /** Set when the provider accepted the operation for later (answer 202 with event-request-id). */
  eventRequestId?: string;
}

const read = async (ctx: AppContext, actor: Actor, transactionId: string, eventRequestId?: string): Promise<MoneyOperationResult> => ({
  json: await getTransactionJson(ctx, actor, transactionId),
  ...(eventRequestId ? { eventRequestId } : {}),
});

/**
 * Capture, refund and void, safe under any interleaving (ADR 004):
 *  1. in a transaction holding the row lock, decide and RESERVE the amount, and record the operation;
 *  2. call the provider with no database transaction open;
 *  3. settle the reservation (or release it if the provider failed). An operation the provider
 *     accepts for later stays reserved until the operations worker settles it.
 * A repeated reference with the same request replays the first result and moves no more money.
 */
export const runMoneyOperation = async (ctx: AppContext, actor: Actor, req: MoneyOperationRequest, meta: RequestMeta): Promise<MoneyOperationResult> => {
  const { database } = ctx;
  const request = { amount: req.operation === 'VOID' ? 0 : req.amount, items: req.items ?? [], final: req.finalCapture ?? false, details: req.details ?? {} };
  const hash = requestHash(request);

  const started = await inTransaction(database, async (trx) => {
    // The operation an earlier request with this Idempotency-Key recorded (ADR 006) is replayed like a repeated reference.
    const recorded = await recordedResource(trx, database, meta);
    const row = await loadTransaction(trx, database, req.transactionId, actor.accountId, true);
    const byKey = recorded ? await trx.selectFrom('transaction_operations').selectAll().where('id', '=', recorded).where('transaction_id', '=', row.id).executeTakeFirst() : undefined;
    const existing =
      byKey && byKey.status !== 'RELEASED'
        ? byKey
        : req.reference
          ? await trx
              .selectFrom('transaction_operations')
              .selectAll()
              .where('transaction_id', '=', row.id)
              .where('operation', '=', req.operation)
              .where('reference', '=', req.reference)
              .executeTakeFirst()
          : undefined;
    if (existing && existing.status !== 'RELEASED') {
      if (existing.request_hash !== hash && existing.request_hash !== legacyRequestHash({ ...request, items: request.items.map((i) => ({ line_id: i.line_id, amount: i.amount })) }))
        throw new AppError('REFERENCE_REUSED', `This ${req.operation.toLowerCase()} reference was already used with a different request`);
      if (existing.status === 'PENDING' && existing === byKey) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running; retry later');
      if (existing.status === 'PENDING') throw new AppError('OPERATION_IN_PROGRESS', 'The first request with this reference is still running; retry shortly');
      if (existing === byKey) markReplayed(meta);
      return { replay: existing.initiate_request_id ?? undefined };
    }
    const { capabilities } = await ctx.providers.productFor(row.account_id, row.payment_product_type, trx); // partial void, item-based: what its product allows
    const state = stateOf(row, capabilities);
    const decision = req.cancel ? decideCancel(state) : decide(state, { op: req.operation, amount: req.amount, items: req.items, finalCapture: req.finalCapture });
    if (!decision.ok) throw new AppError(decision.code, decision.message);
    await saveState(trx, row, reserve(state, decision.reservation));
    const now = nowIso();
    const values = {
      reservation: toJson(decision.reservation),
      status: 'PENDING' as const,
      request_hash: hash,
      initiate_request_id: null,
      created_by: actor.subject,
      request_id: meta.requestId,
      details: operationDetails(req.details),
      request_headers: toJson(redactHeaders(meta.headers)),
      updated_at: now,
    };
    const id = await recordOperation(trx, { reuse: existing?.id, transactionId: row.id, accountId: actor.accountId, operation: req.operation, reference: req.reference }, values);
    await recordResource(trx, meta, id);
    return { operationId: id, amount: decision.reservation.amount, currency: row.currency, productType: row.payment_product_type };
  });
  if ('replay' in started) return read(ctx, actor, req.transactionId, started.replay);

  const { productType } = started;
  const call = { accountId: actor.accountId, productType, transactionId: req.transactionId, operationId: started.operationId, amount: minorUnits(started.amount), currency: started.currency };
  let outcome;
  try {
    const provider = ctx.providers.providerFor(productType);
    outcome = req.operation === 'CAPTURE' ? await provider.capture(call) : req.operation === 'REFUND' ? await provider.refund(call) : await provider.void(call);
  } catch (error) {
    await releaseOperation(ctx, started.operationId);
    throw error;
  }
  if (outcome === 'PENDING') return read(ctx, actor, req.transactionId, await markAsync(ctx, started.operationId));
  await settleOperation(ctx, started.operationId);
  return read(ctx, actor, req.transactionId);
};
