import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { uuid } from '../shared/ids';
import { assertUnmodifiedSince } from './if-unmodified-since';
import { assertPayable } from './session-availability';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';
import { saveSessionChanges } from './save-session-changes';

/**
 * Express checkout: the page locks the session while the merchant updates it (PUT /v1/sessions/{id}).
 * A locked session cannot be paid. Locking a locked session returns the same lock.
 */
export const lockSession = async (
  ctx: AppContext,
  sessionId: string,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<{ pay_lock: { pay_lock_id: string } }> =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    if (!session.express) throw new AppError('EXPRESS_NOT_ENABLED', 'Only express sessions can be locked');
    assertUnmodifiedSince(ifUnmodifiedSince, session);
    if (session.pay_lock_id) return { pay_lock: { pay_lock_id: session.pay_lock_id } };
    assertPayable(session);
    const payLockId = uuid();
    await saveSessionChanges(trx, session, { pay_lock_id: payLockId });
    await appendSessionEvent(trx, session.id, 'PAY_LOCK_START', { meta, details: { pay_lock_id: payLockId } });
    return { pay_lock: { pay_lock_id: payLockId } };
  });
