import type { RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { ZERO_MINOR, type MinorUnits } from '../../../domain/money';
import { nowIso } from '../../shared/clock';
import { toJson } from '../../shared/json-columns';
import { redactHeaders } from '../../shared/request-headers';
import { decide, decideCancel, reserve, type LineAmount, type Operation } from '../../../domain/transaction-state';
import {
  findOperation,
  isSameRequest,
  operationDetails,
  recordOperation,
  requestHash,
  type OperationRequestBody,
} from '../store/transaction-operations';
import { saveState, stateOf } from '../store/transaction-repository';
import type { UnitOfWork } from '../unit-of-work';
import type { ApprovedPayment } from '../../providers/port';
import { approvedPaymentOf } from '../store/provider-data';
import type { Database } from '../../db/database';
import { bootIdOf } from '../../idempotency/kassa-processes';
import type { HeldWork } from '../../idempotency/work-in-flight';

export interface MoneyOperationRequest {
  transactionId: string;
  operation: Operation;
  /** Requested amount; ignored for VOID, which voids whatever is still capturable. */
  amount: MinorUnits;
  items?: LineAmount[];
  finalCapture?: boolean;
  /** A VOID that is a session's cancel: decided by `decideCancel` (nothing captured, then the void rule). */
  cancel?: boolean;
  /** capture_reference / refund_reference: the same reference and body replays the first result. */
  reference?: string;
  details?: Record<string, unknown>;
}

export type Reserved =
  | { replay: string | undefined }
  | {
      operationId: string;
      amount: MinorUnits;
      currency: string;
      productType: string;
      accountId: string;
      /** What the provider said of the approval, for its call (issue 38 item 1). */
      approved: ApprovedPayment;
    };

export const requestBodyOf = (req: MoneyOperationRequest): OperationRequestBody => ({
  amount: req.operation === 'VOID' ? ZERO_MINOR : req.amount,
  items: req.items ?? [],
  final: req.finalCapture ?? false,
  details: req.details ?? {},
});

/** The operation this request repeats: the one its Idempotency-Key recorded, else the one of its reference. */
const repeated = async (
  uow: UnitOfWork,
  transactionId: string,
  req: MoneyOperationRequest,
  recorded: string | undefined,
) => {
  const byKey = recorded ? await findOperation(uow.trx, transactionId, { id: recorded }) : undefined;
  if (byKey && byKey.status !== 'RELEASED') return { existing: byKey, byKey: true };
  const byReference = req.reference
    ? await findOperation(uow.trx, transactionId, { operation: req.operation, reference: req.reference })
    : undefined;
  return { existing: byReference, byKey: false };
};

/**
 * Step 1 of the money-operation pipeline, in one unit of work holding the transaction's row lock:
 * a repeat of an earlier request (same reference or Idempotency-Key, same body) is a replay; else the
 * pure rules decide, the amount is reserved, and the operation and the key's record are written.
 */
export const reserveOperation = async (
  uow: UnitOfWork,
  actor: Actor,
  req: MoneyOperationRequest,
  meta: RequestMeta,
  /** This process's database and the request's hold: the operation names this process and is held by this request (ADR 047). */
  owner: { database: Database; held: HeldWork },
): Promise<Reserved> => {
  const body = requestBodyOf(req);
  const recorded = await uow.idempotency.recorded(); // the key's row first, then the transaction's (the order every money step locks in)
  const row = await uow.transaction(req.transactionId, actor.accountId, { lock: true });
  const { existing, byKey } = await repeated(uow, row.id, req, recorded);
  if (existing && existing.status !== 'RELEASED') {
    if (!isSameRequest(existing.request_hash, body))
      throw new AppError(
        'REFERENCE_REUSED',
        `This ${req.operation.toLowerCase()} reference was already used with a different request`,
      );
    if (existing.status === 'PENDING' && byKey)
      throw new AppError(
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        'The first request with this Idempotency-Key is still running; retry later',
      );
    if (existing.status === 'PENDING')
      throw new AppError(
        'OPERATION_IN_PROGRESS',
        'The first request with this reference is still running; retry shortly',
      );
    if (byKey) uow.idempotency.replayed();
    return { replay: existing.initiate_request_id ?? undefined };
  }
  const state = stateOf(row, await uow.capabilities(row)); // partial void, item-based: what its product allows
  const decision = req.cancel
    ? decideCancel(state)
    : decide(state, { op: req.operation, amount: req.amount, items: req.items, finalCapture: req.finalCapture });
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  await saveState(uow.trx, row, reserve(state, decision.reservation));
  const values = {
    reservation: toJson(decision.reservation),
    status: 'PENDING' as const,
    request_hash: requestHash(body),
    initiate_request_id: null,
    created_by: actor.subject,
    request_id: meta.requestId,
    details: operationDetails(req.details),
    request_headers: toJson(redactHeaders(meta.headers)),
    updated_at: nowIso(),
    owner_boot_id: bootIdOf(owner.database) ?? null,
  };
  const op = {
    reuse: existing?.id,
    transactionId: row.id,
    accountId: actor.accountId,
    operation: req.operation,
    reference: req.reference,
  };
  const operationId = await recordOperation(uow.trx, op, values, (id) => owner.held.hold(owner.database, id));
  await uow.idempotency.record(operationId);
  return {
    operationId,
    amount: decision.reservation.amount,
    currency: row.currency,
    productType: row.payment_product_type,
    accountId: actor.accountId,
    approved: approvedPaymentOf(row),
  };
};
