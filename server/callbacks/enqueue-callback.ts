import { compiledOnce, insertRow } from '../db/compiled-once';
import type { Executor } from '../db/database';
import { addSeconds, nowIso } from '../shared/clock';
import { timeOrderedUuid, uuid } from '../shared/ids';
import type { TransactionRecord } from '../payments';
import { MAX_DELAY_CALLBACK_SECONDS, REPORT_EVENTS } from './callback-url-policy';

export { MAX_DELAY_CALLBACK_SECONDS } from './callback-url-policy';

export type ReportEvent = (typeof REPORT_EVENTS)[number];
/** The `error` query value of a report_error callback: a declined authorization, or one that failed. */
export type CallbackError = 'authorization' | 'failed';

export interface CallbackToEnqueue {
  accountId: string;
  sessionId: string;
  /** Null only for a failure reported before any transaction exists. */
  transactionId: string | null;
  /** The transaction event this callback reports; stable across delivery attempts. */
  eventId: string;
  /** AUTHORIZE, CAPTURE, REFUND or VOID. */
  event: string;
  callbackUrl: string;
  error?: CallbackError;
}

/**
 * Options the merchant puts on its own callback URL (compat.md "Merchant callback"). Never throws
 * (it runs inside the transactions that move money): a URL that does not parse has no options.
 */
export const callbackOptions = (callbackUrl: string) => {
  const params = URL.canParse(callbackUrl) ? new URL(callbackUrl).searchParams : new URLSearchParams();
  const delay = Number(params.get('delay_callback') ?? 0);
  return {
    method: params.get('method')?.toUpperCase() === 'POST' ? 'POST' : 'GET',
    delaySeconds: Number.isFinite(delay) ? Math.min(Math.max(0, Math.floor(delay)), MAX_DELAY_CALLBACK_SECONDS) : 0,
    sidParameterName: params.get('sid_parameter_name') === 'sid' ? 'sid' : 'session_id',
    includeSession: params.getAll('includes').includes('session'),
    reportError: params.get('report_error')?.toLowerCase() === 'true',
    reportEvents: new Set(
      params
        .getAll('report_event')
        .map((e) => e.toUpperCase())
        .filter((e): e is ReportEvent => (REPORT_EVENTS as readonly string[]).includes(e)),
    ),
  } as const;
};

/**
 * Writes the outbox row. Must run in the same database transaction as the change it reports.
 * `seq` is the reported transaction event's seq, so the callbacks of one transaction are
 * delivered in the order of its events (deliver-callbacks.ts).
 */
const eventSeq = compiledOnce((exec, eventId: string, transactionId: string) =>
  exec
    .selectFrom('transaction_events')
    .select('seq')
    .where('id', '=', eventId)
    .where('transaction_id', '=', transactionId),
);

export const enqueueCallback = async (trx: Executor, cb: CallbackToEnqueue): Promise<void> => {
  const now = nowIso();
  const opts = callbackOptions(cb.callbackUrl);
  const [event] = cb.transactionId ? await eventSeq(trx, cb.eventId, cb.transactionId) : [];
  await insertRow(trx, 'outbox', {
    id: timeOrderedUuid(),
    account_id: cb.accountId,
    session_id: cb.sessionId,
    transaction_id: cb.transactionId,
    event_id: cb.eventId,
    event: cb.event,
    url: cb.callbackUrl,
    method: opts.method,
    status: 'PENDING',
    attempts: 0,
    next_attempt_at: addSeconds(now, opts.delaySeconds),
    claimed_until: null,
    claim_id: null,
    last_status_code: null,
    last_error: null,
    seq: Number(event?.seq ?? 0),
    series_start: 0,
    error: cb.error ?? null,
    created_at: now,
    updated_at: now,
  });
};

/**
 * report_error=true: a declined or failed authorization is reported too, with `error`
 * (`authorization` for a decline, `failed` otherwise). `transactionId` is null when the failure
 * happened before any transaction existed; then the callback carries no `transaction_id`.
 */
export const enqueueErrorCallback = async (
  trx: Executor,
  cb: Omit<CallbackToEnqueue, 'event' | 'eventId'> & { eventId?: string; error: CallbackError },
): Promise<void> => {
  if (!callbackOptions(cb.callbackUrl).reportError) return;
  await enqueueCallback(trx, { ...cb, event: 'AUTHORIZE', eventId: cb.eventId ?? uuid() });
};

/**
 * report_event=CAPTURE|REFUND|VOID: one callback per later successful operation of that kind, with
 * `event` and `event_id` (the transaction event). The money-operation code calls this in the
 * transaction that settles the operation and appends its event. True when it queued one.
 */
export const enqueueOperationCallbacks = async (
  trx: Executor,
  transaction: Pick<TransactionRecord, 'id' | 'account_id' | 'session_id' | 'data'>,
  operation: { event: ReportEvent; eventId: string },
): Promise<boolean> => {
  const callbackUrl = transaction.data.url?.callback_url;
  if (!callbackUrl) return false;
  if (!callbackOptions(callbackUrl).reportEvents.has(operation.event)) return false;
  await enqueueCallback(trx, {
    accountId: transaction.account_id,
    sessionId: transaction.session_id,
    transactionId: transaction.id,
    eventId: operation.eventId,
    event: operation.event,
    callbackUrl,
  });
  return true;
};
