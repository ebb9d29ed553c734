import type { AppContext, RequestMeta } from '../app-context';
import { expectUpdated } from '../db/expect-updated';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';
import { assertUnmodifiedSince } from './if-unmodified-since';
import { assertPayable } from './session-availability';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';

/**
 * Express checkout: the page locks the session while the merchant updates it (PUT /v1/sessions/{id}).
 * A locked session cannot be paid. Locking a locked session returns the same lock.
 */
export const lockSession = async (ctx: AppContext, sessionId: string, ifUnmodifiedSince: string | undefined, meta: RequestMeta): Promise<{ pay_lock: { pay_lock_id: string } }> =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    if (!session.express) throw new AppError('EXPRESS_NOT_ENABLED', 'Only express sessions can be locked');
    assertUnmodifiedSince(ifUnmodifiedSince, session);
    if (session.pay_lock_id) return { pay_lock: { pay_lock_id: session.pay_lock_id } };
    assertPayable(session);
    const payLockId = uuid();
    expectUpdated(
      await trx
        .updateTable('sessions')
        .set({ pay_lock_id: payLockId, updated_at: nowIso(), version: session.version + 1 })
        .where('id', '=', session.id)
        .where('version', '=', session.version)
        .executeTakeFirst(),
      'The session',
    );
    await appendSessionEvent(trx, session.id, 'PAY_LOCK_START', { meta, details: { pay_lock_id: payLockId } });
    return { pay_lock: { pay_lock_id: payLockId } };
  });
