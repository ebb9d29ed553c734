import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { insertRow, lockableOnce, updateRows } from '../../db/compiled-once';
import type { Database, Executor } from '../../db/database';
import { canonicalJson } from '../../idempotency/idempotency-store';
import { nowIso } from '../../shared/clock';
import { timeOrderedUuid } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import type { MinorUnits } from '../../../domain/money';
import type { Operation } from '../../../domain/transaction-state';
import type { TransactionOperationsTable } from '../../db/schema';
import { toOperationRecord, type OperationRecord, type OperationRow } from './operation-record';

export type { OperationRecord, OperationRow } from './operation-record';

/** sha256 of the canonical JSON (keys sorted at every level): the same request in another key order is the same request. */
export const requestHash = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** The hash stored before canonical hashing, so a reference recorded by an older version still replays. */
const legacyRequestHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The money operation request a reference or Idempotency-Key is compared by. */
export interface OperationRequestBody {
  amount: MinorUnits;
  items: readonly { line_id: string; amount: MinorUnits; quantity?: number }[];
  final: boolean;
  details: Record<string, unknown>;
}

/**
 * Whether an operation recorded with `storedHash` was asked with this very request: by the canonical
 * hash, or by the hash an older version stored (items without quantities, keys in request order).
 */
export const isSameRequest = (storedHash: string, request: OperationRequestBody): boolean =>
  storedHash === requestHash(request) ||
  storedHash ===
    legacyRequestHash({ ...request, items: request.items.map((i) => ({ line_id: i.line_id, amount: i.amount })) });

const operationById = lockableOnce((exec, id: string) =>
  exec.selectFrom('transaction_operations').selectAll().where('id', '=', id),
);

export const loadOperation = async (
  trx: Executor,
  database: Database,
  id: string,
  lock = false,
): Promise<OperationRecord | undefined> => {
  const [row] = await operationById(trx, database, lock, id);
  return row && toOperationRecord(row);
};

/** The operation of a transaction an Idempotency-Key recorded (`id`), or the one of a capture or refund reference. */
export const findOperation = (
  trx: Executor,
  transactionId: string,
  by: { id: string } | { operation: Operation; reference: string },
): Promise<OperationRow | undefined> => {
  const ofTransaction = trx
    .selectFrom('transaction_operations')
    .selectAll()
    .where('transaction_id', '=', transactionId);
  return (
    'id' in by
      ? ofTransaction.where('id', '=', by.id)
      : ofTransaction.where('operation', '=', by.operation).where('reference', '=', by.reference)
  ).executeTakeFirst();
};

/** What step 1 records of an operation: PENDING, with its reservation and the request that asked for it. */
export type PendingOperation = Pick<
  Insertable<TransactionOperationsTable>,
  | 'reservation'
  | 'status'
  | 'request_hash'
  | 'initiate_request_id'
  | 'created_by'
  | 'request_id'
  | 'details'
  | 'request_headers'
  | 'updated_at'
  | 'owner_boot_id'
>;

/**
 * Step 1 of a money operation: records it PENDING, on a new row, or on the RELEASED row of the same
 * reference (`reuse`: a retry after the provider refused). Returns the operation's id.
 */
export const recordOperation = async (
  trx: Executor,
  op: { reuse?: string; transactionId: string; accountId: string; operation: Operation; reference?: string },
  values: PendingOperation,
  /** Called with the operation's id before it is written (the request holds it: work-in-flight.ts). */
  hold: (id: string) => void,
): Promise<string> => {
  if (op.reuse) {
    hold(op.reuse);
    await updateRows(trx, 'transaction_operations', values, { id: op.reuse });
    return op.reuse;
  }
  const id = timeOrderedUuid();
  hold(id);
  // One object literal: merging two objects by spreading both ({ ...row, ...values }) built a slow
  // object here, many times the cost of this literal (it showed in the lifecycle's CPU profile).
  await insertRow(trx, 'transaction_operations', {
    id,
    transaction_id: op.transactionId,
    account_id: op.accountId,
    operation: op.operation,
    reference: op.reference ?? null,
    created_at: values.updated_at,
    ...values,
  });
  return id;
};

/** An operation's new status (DONE, RELEASED, ASYNC or UNRESOLVED with its initiate request id), in the caller's unit of work. */
export const setOperationStatus = async (
  trx: Executor,
  operationId: string,
  set: { status: 'DONE' | 'RELEASED' | 'ASYNC' | 'UNRESOLVED'; initiate_request_id?: string },
): Promise<void> => {
  await updateRows(trx, 'transaction_operations', { ...set, updated_at: nowIso() }, { id: operationId });
};

export const operationDetails = (details: Record<string, unknown> | undefined): string | null =>
  details && Object.keys(details).length > 0 ? toJson(details) : null;
