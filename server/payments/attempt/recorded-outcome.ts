import type { Executor } from '../../db/database';
import { parseJson } from '../../shared/json-columns';

/** What a decided attempt came to, as its answer needs it (the provider's own details are not kept). */
export type AttemptOutcome =
  | { outcome: 'APPROVED' }
  | { outcome: 'TOKENIZED' }
  | { outcome: 'DECLINED'; code: string; message: string; retryable: boolean }
  | { outcome: 'FAILED'; code: string; message: string };

/** An attempt voided before it was decided: the session was cancelled while the customer was on the provider's page. */
export const CANCELLED_BEFORE_DECIDED: AttemptOutcome = {
  outcome: 'FAILED',
  code: 'SESSION_CANCELLED',
  message: 'The session was cancelled before the customer finished this payment',
};

/**
 * What is recorded for an attempt that is no longer INITIATED, read from its latest AUTHORIZE event: an
 * approval (whatever happened to the money since), or the decline or failure with its code. Every request
 * that finds the attempt decided by another (a second tab, a reload, the stale-payment recovery, a cancel)
 * answers from this, so they all answer the same.
 */
export const recordedOutcome = async (exec: Executor, transactionId: string): Promise<AttemptOutcome> => {
  const event = await exec
    .selectFrom('transaction_events')
    .select(['success', 'error', 'details', 'transaction_status'])
    .where('transaction_id', '=', transactionId)
    .where('event', '=', 'AUTHORIZE')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!event) return CANCELLED_BEFORE_DECIDED;
  if (event.success) return { outcome: 'APPROVED' };
  const error = event.error ? parseJson<{ code: string; message: string }>(event.error) : undefined;
  const code = error?.code ?? 'FAILED';
  const message = error?.message ?? 'The payment was not authorized';
  if (event.transaction_status !== 'DECLINED') return { outcome: 'FAILED', code, message };
  const details = event.details ? parseJson<{ retry_policy?: { retryable?: boolean } }>(event.details) : undefined;
  return { outcome: 'DECLINED', code, message, retryable: details?.retry_policy?.retryable === true };
};
