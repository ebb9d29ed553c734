import type { AppContext, RequestMeta } from '../../app-context';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import type { CardSummary, ChallengeResult } from '../../providers/acquirer';
import { nowIso } from '../../shared/clock';
import { parseJson, toJson } from '../../shared/json-columns';
import { appendSessionEvent } from '../../sessions/session-events';
import { loadSession } from '../../sessions/session-repository';
import { saveSessionChanges } from '../../sessions/save-session-changes';

/** What the customer must do on another page before the attempt is decided. */
export type PendingAction = { type: '3ds'; card: CardSummary; after: ChallengeResult['afterChallenge'] } | { type: 'wallet' };

/** How long a 3-D Secure or wallet page may stay open before the attempt is closed as abandoned. */
export const CUSTOMER_ACTION_MS = 15 * 60_000;

export const readPendingAction = (json: string | null): PendingAction | undefined => (json ? parseJson<PendingAction>(json) : undefined);

/**
 * The attempt waits for the customer (3-D Secure challenge, wallet approval): it stays INITIATED with
 * what is pending, the session is OPEN again (the customer may come back and start anew with
 * `force_new`), and a second attempt is refused while this one waits (start-payment.ts).
 */
export const awaitCustomer = (ctx: AppContext, sessionId: string, transactionId: string, action: PendingAction, meta: RequestMeta) =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    const now = nowIso();
    const updated = await trx
      .updateTable('transactions')
      .set((eb) => ({
        awaiting_customer_until: new Date(Date.now() + CUSTOMER_ACTION_MS).toISOString(),
        pending_action: toJson(action),
        ...(action.type === '3ds' ? { card: toJson(action.card), card_brand: action.card.brand } : {}),
        updated_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', transactionId)
      .where('status', '=', 'INITIATED')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'The payment attempt was closed meanwhile; start again');
    if (session.status === 'PAYING') await saveSessionChanges(trx, session, { status: 'OPEN' }, now);
    await appendSessionEvent(trx, sessionId, 'PAYMENT_REDIRECT', { meta, details: { transaction_id: transactionId, action: action.type } });
  });
