import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction, forUpdate } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { readCallbacks, type CallbackView } from './callback-view';

/**
 * Delivers a callback again: a DELIVERED or FAILED one becomes PENDING, due now, with a new series
 * of up to 20 attempts (attempt numbers go on counting); a PENDING one is just made due now (an
 * attempt already in flight is left alone). Ordering per transaction still holds: while this one
 * is pending, later callbacks of its transaction wait for it.
 */
export const retryCallback = (ctx: AppContext, actor: Actor, callbackId: string): Promise<CallbackView> =>
  inTransaction(ctx.database, async (trx) => {
    const row = await forUpdate(ctx.database, trx.selectFrom('outbox').selectAll().where('id', '=', callbackId).where('account_id', '=', actor.accountId)).executeTakeFirst();
    if (!row) throw new AppError('CALLBACK_NOT_FOUND', `Callback ${callbackId} was not found`);
    const now = nowIso();
    const restart = row.status !== 'PENDING' ? { status: 'PENDING', series_start: row.attempts, claimed_until: null, claim_id: null } : {};
    await trx.updateTable('outbox').set({ ...restart, next_attempt_at: now, updated_at: now }).where('id', '=', row.id).execute();
    const updated = await trx.selectFrom('outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    return (await readCallbacks(trx, [updated]))[0]!;
  });
