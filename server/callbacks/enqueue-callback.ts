import type { Executor } from '../db/database';
import { addSeconds, nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';

export const MAX_DELAY_CALLBACK_SECONDS = 60;

export interface CallbackToEnqueue {
  accountId: string;
  sessionId: string;
  transactionId: string | null;
  /** The transaction event this callback reports; stable across delivery attempts. */
  eventId: string;
  event: string;
  callbackUrl: string;
}

/** Options the merchant puts on its own callback URL. */
export const callbackOptions = (callbackUrl: string) => {
  const params = new URL(callbackUrl).searchParams;
  const delay = Number(params.get('delay_callback') ?? 0);
  return {
    method: params.get('method')?.toUpperCase() === 'POST' ? 'POST' : 'GET',
    delaySeconds: Number.isFinite(delay) ? Math.min(Math.max(0, Math.floor(delay)), MAX_DELAY_CALLBACK_SECONDS) : 0,
    sidParameterName: params.get('sid_parameter_name') === 'sid' ? 'sid' : 'session_id',
    includeSession: params.getAll('includes').includes('session'),
  } as const;
};

/** Writes the outbox row. Must run in the same database transaction as the change it reports. */
export const enqueueCallback = async (trx: Executor, cb: CallbackToEnqueue): Promise<void> => {
  const now = nowIso();
  const opts = callbackOptions(cb.callbackUrl);
  await trx
    .insertInto('outbox')
    .values({
      id: uuid(),
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
      last_status_code: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
};
