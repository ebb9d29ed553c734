import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { nowIso } from '../shared/clock';
import { readCallbacks, type CallbackView } from './callback-view';

/**
 * Delivers a callback again: a DELIVERED or FAILED one becomes PENDING, due now, with a new series
 * of up to 20 attempts (attempt numbers go on counting); a PENDING one is just made due now (an
 * attempt already in flight is left alone). Ordering per transaction still holds: while this one
 * is pending, later callbacks of its transaction wait for it.
 * Writes come first (conditional updates), so the row is locked from the first statement on both engines.
 */
export const retryCallback = (ctx: AppContext, actor: Actor, callbackId: string): Promise<CallbackView> =>
  inTransaction(ctx.database, async (trx) => {
    const now = nowIso();
    const mine = trx.updateTable('outbox').where('id', '=', callbackId).where('account_id', '=', actor.accountId);
    await mine
      .set({ status: 'PENDING', series_start: sql<number>`attempts`, claimed_until: null, claim_id: null })
      .where('status', '!=', 'PENDING')
      .execute();
    const made = await mine.set({ next_attempt_at: now, updated_at: now }).executeTakeFirst();
    if (Number(made.numUpdatedRows) !== 1)
      throw new AppError('CALLBACK_NOT_FOUND', `Callback ${callbackId} was not found`);
    const row = await trx.selectFrom('outbox').selectAll().where('id', '=', callbackId).executeTakeFirstOrThrow();
    return (await readCallbacks(trx, [row]))[0]!;
  });
