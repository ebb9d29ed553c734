import type { AppContext, RequestMeta } from '../app-context';
import {
  enqueueCallback,
  enqueueErrorCallback,
  enqueueOperationCallbacks,
  type CallbackToEnqueue,
  type ReportEvent,
} from '../callbacks/enqueue-callback';
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
    operation(
      row: Pick<TransactionRecord, 'id' | 'account_id' | 'session_id' | 'data'>,
      op: { event: ReportEvent; eventId: string },
    ): Promise<void>;
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

/** The outbox of one unit of work: remembers whether it queued a callback, so the worker is told after the commit. */
class UnitOutbox {
  queued = false;
  constructor(private readonly trx: Executor) {}

  async operation(
    row: Pick<TransactionRecord, 'id' | 'account_id' | 'session_id' | 'data'>,
    op: { event: ReportEvent; eventId: string },
  ): Promise<void> {
    if (await enqueueOperationCallbacks(this.trx, row, op)) this.queued = true;
  }

  async callback(cb: CallbackToEnqueue): Promise<void> {
    await enqueueCallback(this.trx, cb);
    this.queued = true;
  }

  async errorCallback(cb: Parameters<typeof enqueueErrorCallback>[1]): Promise<void> {
    await enqueueErrorCallback(this.trx, cb);
    this.queued = true;
  }
}

/** The request's Idempotency-Key record within one unit of work; without `meta` (workers) there is none. */
class UnitIdempotency {
  constructor(
    private readonly ctx: AppContext,
    private readonly trx: Executor,
    private readonly meta: RequestMeta | undefined,
  ) {}

  async recorded(): Promise<string | undefined> {
    return this.meta ? recordedResource(this.trx, this.ctx.database, this.meta) : undefined;
  }

  async record(resourceId: string): Promise<void> {
    if (this.meta) await recordResource(this.trx, this.meta, resourceId);
  }

  replayed(): void {
    if (this.meta) markReplayed(this.meta);
  }

  async once(change: () => Promise<string>): Promise<{ id: string; replayed: boolean }> {
    return this.meta
      ? oncePerKey(this.trx, this.ctx.database, this.meta, change)
      : { id: await change(), replayed: false };
  }
}

/**
 * A unit of work is made for every database transaction of the module (and again when SQLite's group
 * commit runs a batch twice), so it is a class: its methods live on the prototype, not in closures per unit.
 */
class Unit implements UnitOfWork {
  readonly sessions: PayableSessions;
  readonly outbox: UnitOutbox;
  readonly idempotency: UnitIdempotency;

  constructor(
    private readonly ctx: AppContext,
    readonly trx: Executor,
    meta: RequestMeta | undefined,
  ) {
    this.sessions = ctx.payableSessions;
    this.outbox = new UnitOutbox(trx);
    this.idempotency = new UnitIdempotency(ctx, trx, meta);
  }

  transaction(id: string, accountId: string, opts?: { lock?: boolean }): Promise<TransactionRecord> {
    return loadTransaction(this.trx, this.ctx.database, id, accountId, opts?.lock ?? false);
  }

  operation(id: string, opts?: { lock?: boolean }): Promise<OperationRecord | undefined> {
    return loadOperation(this.trx, this.ctx.database, id, opts?.lock ?? false);
  }

  async capabilities(
    row: Pick<TransactionRecord, 'account_id' | 'payment_product_type'>,
  ): Promise<ProductCapabilities> {
    return (await this.ctx.providers.productFor(row.account_id, row.payment_product_type, this.trx)).capabilities;
  }
}

/** Runs `work` in one database transaction; `meta` is the request whose Idempotency-Key it records (none for workers). */
export const unitOfWork = async <T>(
  ctx: AppContext,
  meta: RequestMeta | undefined,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> => {
  let queued = false;
  const result = await inTransaction(ctx.database, async (trx) => {
    const unit = new Unit(ctx, trx, meta);
    const out = await work(unit);
    if (unit.outbox.queued) queued = true;
    return out;
  });
  if (queued) ctx.callbacksQueued.notify();
  return result;
};
