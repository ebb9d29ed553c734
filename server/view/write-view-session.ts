import type { AppContext, RequestMeta } from '../app-context';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { closeWaitingAttempts, ORDER_CHANGED_WHILE_WAITING } from '../payments';
import { getViewSession } from '../sessions/get-view-session';
import { assertUnmodifiedSince } from '../sessions/if-unmodified-since';
import { saveSessionChanges, type SessionChanges } from '../sessions/save-session-changes';
import { assertOpenForView } from '../sessions/session-availability';
import { appendSessionEvent, sessionEventBytes, type SessionEventName } from '../sessions/session-events';
import { loadSession, type SessionRecord } from '../sessions/session-repository';
import type { ViewSession } from '../sessions/session-schemas';
import { assertViewWriteAllowed, recordViewWrite } from './limit-view-writes';

export interface ViewWritePlan {
  changes: SessionChanges;
  events: [SessionEventName, Record<string, unknown>][];
  /** Other rows that belong to this change, written in its transaction (e.g. the wallet tokens a gift card write applied). */
  alsoWrite?: (trx: Executor) => Promise<void>;
}

export interface ViewWriteOptions {
  ifUnmodifiedSince: string | undefined;
  meta: RequestMeta;
  /** Refuse sessions without `express` (400 EXPRESS_NOT_ENABLED). */
  expressOnly?: boolean;
}

/** The checks every customer write starts with: open (else the view's 404), not locked, not stale, writes left (429). */
export const loadWritableSession = async (
  ctx: AppContext,
  sessionId: string,
  opts: ViewWriteOptions,
): Promise<SessionRecord> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId);
  assertOpenForView(session);
  if (opts.expressOnly && !session.express)
    throw new AppError(
      'EXPRESS_NOT_ENABLED',
      'This checkout does not take express details (the session has no express options)',
    );
  if (session.pay_lock_id)
    throw new AppError('SESSION_LOCKED', 'The shop is updating your order; try again in a moment');
  assertUnmodifiedSince(opts.ifUnmodifiedSince, session);
  // before the merchant's callbacks are asked: a session with no writes left costs no merchant call
  await assertViewWriteAllowed(ctx.database.db, ctx.env, session.id, 0);
  return session;
};

/** For the view's operations that write in one transaction: the session row locked, open, and not stale. */
export const lockOpenSession = async (
  trx: Executor,
  ctx: AppContext,
  sessionId: string,
  ifUnmodifiedSince: string | undefined,
): Promise<SessionRecord> => {
  const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
  assertOpenForView(session);
  assertUnmodifiedSince(ifUnmodifiedSince, session);
  return session;
};

/**
 * THE customer write of the checkout view. `plan` computes the changes from the session as read and may
 * call the merchant (never inside a database transaction); the write then commits only if the session
 * is still the version that was read, else 412 and nothing is written. Answers the masked view.
 */
export const writeViewSession = async (
  ctx: AppContext,
  sessionId: string,
  opts: ViewWriteOptions,
  plan: (session: SessionRecord) => Promise<ViewWritePlan>,
): Promise<ViewSession> => {
  const session = await loadWritableSession(ctx, sessionId, opts);
  const { changes, events, alsoWrite } = await plan(session);
  await inTransaction(ctx.database, async (trx) => {
    const row = await loadSession(trx, ctx.database, sessionId, { lock: true });
    if (row.version !== session.version) {
      throw new AppError(
        'PRECONDITION_FAILED',
        'The session changed while your update was processed; reload it and try again',
        {
          extra: { updated_at: row.updated_at, version: String(row.version) },
        },
      );
    }
    // counted under the row lock: concurrent writes and several processes see one count (issue 24)
    const bytes = events.reduce((sum, [, details]) => sum + sessionEventBytes(details, opts.meta), 0);
    await assertViewWriteAllowed(trx, ctx.env, row.id, bytes);
    // an attempt waiting on a 3-D Secure or wallet page was for the order as it was: it can no longer pay this one
    await closeWaitingAttempts(ctx, trx, row.id, ORDER_CHANGED_WHILE_WAITING);
    await saveSessionChanges(trx, row, changes);
    for (const [name, details] of events) await appendSessionEvent(trx, row.id, name, { meta: opts.meta, details });
    await alsoWrite?.(trx);
    await recordViewWrite(trx, row.id, bytes);
  });
  // the write is done: its answer is the view even if a payment has started on it since
  return getViewSession(ctx, sessionId, { afterWrite: true });
};
