import type { AppContext, RequestMeta } from '../app-context';
import { enqueueCallback, enqueueErrorCallback, enqueueOperationCallbacks, type CallbackToEnqueue, type ReportEvent } from '../callbacks/enqueue-callback';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { markReplayed, oncePerKey, recordedResource, recordResource } from '../idempotency/once-per-key';
import type { ProductCapabilities } from '../providers/port';
import type { PayableSessions } from './payable-sessions';
import { loadOperation, type OperationRecord } from './store/transaction-operations';
import type { TransactionRecord } from './store/transaction-record';
import { loadTransaction } from './store/transaction-repository';

/**
 * One database transaction of a payments use case (ADR 032). Its closure gets the transaction
 * (`trx`, for the stores in ./store), the rows it decides on loaded and locked, the product's
 * capabilities, the session port, the outbox and the request's idempotency record: and nothing
 * that reaches a provider, which is only ever called between two units of work. A callback written
 * to the outbox is announced to the callback worker once the unit has committed, never before.
 */
export interface UnitOfWork {
  readonly trx: Executor;
  /** The transaction of the account, locked when asked (the row every decision on it holds). */
  transaction(id: string, accountId: string, opts?: { lock?: boolean }): Promise<TransactionRecord>;
  /** A money operation, locked when asked; undefined when there is none. */
  operation(id: string, opts?: { lock?: boolean }): Promise<OperationRecord | undefined>;
  /** What the transaction's product lets the state machine do (partial void, item-based, ...). */
  capabilities(row: Pick<TransactionRecord, 'account_id' | 'payment_product_type'>): Promise<ProductCapabilities>;
  readonly sessions: PayableSessions;
  readonly outbox: {
    /** The merchant's callback of a settled operation (report_event), when the transaction asks for one. */
    operation(row: Pick<TransactionRecord, 'id' | 'account_id' | 'session_id' | 'data'>, op: { event: ReportEvent; eventId: string }): Promise<void>;
    callback(cb: CallbackToEnqueue): Promise<void>;
    errorCallback(cb: Parameters<typeof enqueueErrorCallback>[1]): Promise<void>;
  };
  readonly idempotency: {
    /** What an earlier request with this request's Idempotency-Key recorded (its key row locked). */
    recorded(): Promise<string | undefined>;
    /** Records what this request created or moved, in this unit. */
    record(resourceId: string): Promise<void>;
    /** The answer comes from the earlier request's change (header idempotent-replayed). */
    replayed(): void;
    /** Runs `change` unless an earlier request with this key committed one (oncePerKey, ADR 006); without a key it just runs. */
    once(change: () => Promise<string>): Promise<{ id: string; replayed: boolean }>;
  };
}

/** Runs `work` in one database transaction; `meta` is the request whose Idempotency-Key it records (none for workers). */
export const unitOfWork = async <T>(ctx: AppContext, meta: RequestMeta | undefined, work: (uow: UnitOfWork) => Promise<T>): Promise<T> => {
  let queued = false;
  const result = await inTransaction(ctx.database, (trx) => {
    const uow: UnitOfWork = {
      trx,
      transaction: (id, accountId, opts) => loadTransaction(trx, ctx.database, id, accountId, opts?.lock ?? false),
      operation: (id, opts) => loadOperation(trx, ctx.database, id, opts?.lock ?? false),
      capabilities: async (row) => (await ctx.providers.productFor(row.account_id, row.payment_product_type, trx)).capabilities,
      sessions: ctx.payableSessions,
      outbox: {
        async operation(row, op) {
          if (await enqueueOperationCallbacks(trx, row, op)) queued = true;
        },
        async callback(cb) {
          await enqueueCallback(trx, cb);
          queued = true;
        },
        async errorCallback(cb) {
          await enqueueErrorCallback(trx, cb);
          queued = true;
        },
      },
      idempotency: {
        recorded: async () => (meta ? recordedResource(trx, ctx.database, meta) : undefined),
        record: async (resourceId) => (meta ? recordResource(trx, meta, resourceId) : undefined),
        replayed: () => (meta ? markReplayed(meta) : undefined),
        once: async (change) => (meta ? oncePerKey(trx, ctx.database, meta, change) : { id: await change(), replayed: false }),
      },
    };
    return work(uow);
  });
  if (queued) ctx.callbacksQueued.notify();
  return result;
};
