import { compiledOnce, insertRow, lockableOnce, updateRows } from '../../db/compiled-once';
import type { Database, Executor } from '../../db/database';
import { expectChanged } from '../../db/expect-updated';
import { nextEventSeq } from '../../db/next-seq';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import { timeOrderedUuid } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import type { Amounts, Lines, TransactionStatus, TxState } from '../../../domain/transaction-state';
import { ZERO_MINOR, type MinorUnits } from '../../../domain/money';
import type { ProductCapabilities } from '../../providers/port';
import { toTransactionRecord, type TransactionRecord, type TransactionRow } from './transaction-record';

export type { TransactionRecord, TransactionRow } from './transaction-record';

/** The order line's quantity, when its item named a usable one. */
const quantityOf = (item: Readonly<Record<string, unknown>>): { quantity?: number } =>
  typeof item.quantity === 'number' && Number.isFinite(item.quantity) && item.quantity > 0
    ? { quantity: item.quantity }
    : {};

const initialLines = (row: TransactionRecord): Lines => {
  const items = row.data.items ?? [];
  return Object.fromEntries(
    items.map((i) => [
      i.line_id,
      {
        authorized: i.amount,
        captured: ZERO_MINOR,
        refunded: ZERO_MINOR,
        pendingCapture: ZERO_MINOR,
        pendingRefund: ZERO_MINOR,
        ...quantityOf(i),
      },
    ]),
  );
};

/** Lines stored before quantities were kept learn their order line's quantity from the order (their units so far count as none). */
const withQuantities = (row: TransactionRecord, lines: Lines): Lines => {
  let out = lines;
  for (const item of row.data.items ?? []) {
    const line = Object.hasOwn(lines, item.line_id) ? lines[item.line_id] : undefined;
    const { quantity } = quantityOf(item);
    if (!line || line.quantity !== undefined || quantity === undefined) continue;
    if (out === lines) out = { ...lines };
    out[item.line_id] = { ...line, quantity };
  }
  return out;
};

/** What a transaction's product allows that the state machine decides by (its provider's capabilities). */
export type DecidingCapabilities = Pick<ProductCapabilities, 'partialVoid' | 'itemBased'>;

/**
 * The state machine's view of a stored transaction. Deciding an operation needs its product's
 * capabilities (`ctx.providers.productFor`); without them the state only settles or releases what was reserved.
 */
export const stateOf = (
  row: TransactionRecord,
  product: DecidingCapabilities = { partialVoid: false, itemBased: false },
): TxState => ({
  status: row.status,
  amounts: amountsOf(row),
  lines: row.lines ? withQuantities(row, row.lines) : initialLines(row),
  finalCaptured: row.final_captured === 1,
  supportsPartialVoid: product.partialVoid,
  itemBased: product.itemBased,
});

/** Persists a new state, with the version check on top of the row lock. */
export const saveState = (trx: Executor, row: VersionedRow, state: TxState): Promise<void> =>
  saveTransactionState(trx, row, state.status, state.amounts, {
    lines: toJson(state.lines),
    final_captured: state.finalCaptured ? 1 : 0,
  });

export const amountsOf = (row: TransactionRecord): Amounts => ({
  authorized: row.amount,
  captured: row.captured_amount,
  refunded: row.refunded_amount,
  voided: row.voided_amount,
  pendingCapture: row.pending_capture,
  pendingRefund: row.pending_refund,
  pendingVoid: row.pending_void,
});

export const amountColumns = (a: Amounts) => ({
  captured_amount: a.captured,
  refunded_amount: a.refunded,
  voided_amount: a.voided,
  pending_capture: a.pendingCapture,
  pending_refund: a.pendingRefund,
  pending_void: a.pendingVoid,
});

// The read path's two queries, built and compiled once per dialect (GET /v1/transactions/{id}).
const transactionOfAccount = lockableOnce((exec, id: string, accountId: string) =>
  exec.selectFrom('transactions').selectAll().where('id', '=', id).where('account_id', '=', accountId),
);

/** Loads a transaction the account owns, as a typed record; another account's transaction is simply not found. */
export const loadTransaction = async (
  exec: Executor,
  database: Database,
  id: string,
  accountId: string,
  lock = false,
): Promise<TransactionRecord> => {
  const [row] = await transactionOfAccount(exec, database, lock, id, accountId);
  if (!row) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${id} was not found`);
  return toTransactionRecord(row);
};

export interface NewTransactionEvent {
  event: string;
  success: boolean;
  amount?: MinorUnits;
  items?: unknown[];
  error?: { code: string; message: string };
  createdBy: string;
  requestId?: string;
  details?: Record<string, unknown>;
  /** Redacted headers of the request that caused the event. */
  requestHeaders?: Record<string, string>;
}

const statusNow = compiledOnce((exec, id: string) =>
  exec.selectFrom('transactions').select('status').where('id', '=', id),
);

/**
 * Appends an event; call inside the transaction that holds the transaction row, after the row's new status
 * was written: the event keeps that status (`transaction_status`). Returns the event id.
 */
export const appendTransactionEvent = async (
  trx: Executor,
  transactionId: string,
  e: NewTransactionEvent,
  first = false,
): Promise<string> => {
  const seq = first ? 1 : await nextEventSeq(trx, 'transaction_events', transactionId);
  const id = timeOrderedUuid();
  await insertRow(trx, 'transaction_events', {
    id,
    transaction_id: transactionId,
    seq,
    event: e.event,
    success: e.success ? 1 : 0,
    amount: e.amount ?? null,
    items: e.items?.length ? toJson(e.items) : null,
    error: e.error ? toJson(e.error) : null,
    created_at: nowIso(),
    created_by: e.createdBy,
    request_id: e.requestId ?? null,
    details: e.details ? toJson(e.details) : null,
    request_headers: e.requestHeaders ? toJson(e.requestHeaders) : null,
    transaction_status: (await statusNow(trx, transactionId))[0]?.status ?? null,
  });
  return id;
};

/** Writes a new status/amounts with an optimistic version check on top of the row lock. */
type VersionedRow = Pick<TransactionRow, 'id' | 'version'>;

export const saveTransactionState = async (
  trx: Executor,
  row: VersionedRow,
  status: TransactionStatus,
  amounts: Amounts,
  extra: Partial<TransactionRow> = {},
): Promise<void> => {
  const changed = await updateRows(
    trx,
    'transactions',
    { ...extra, status, ...amountColumns(amounts), updated_at: nowIso(), version: row.version + 1 },
    { id: row.id, version: row.version },
  );
  expectChanged(changed, 'The transaction');
};

/** PUT /v1/transactions/{id}: the one field that may change after creation, with the version check. */
export const saveMerchantReference2 = async (
  trx: Executor,
  row: VersionedRow,
  merchantReference2: string,
): Promise<void> => {
  expectChanged(
    await updateRows(
      trx,
      'transactions',
      { merchant_reference_2: merchantReference2, updated_at: nowIso(), version: row.version + 1 },
      { id: row.id, version: row.version },
    ),
    'The transaction',
  );
};
