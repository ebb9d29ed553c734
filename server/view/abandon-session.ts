import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { buildReturnUrl } from '../../domain/return-url';
import { nowIso } from '../shared/clock';
import { CANCELLED_WHILE_WAITING, closeWaitingAttempts } from '../payments';
import { saveSessionChanges } from '../sessions/save-session-changes';
import { appendSessionEvent } from '../sessions/session-events';
import { lockOpenSession } from './write-view-session';

/**
 * The customer leaves the checkout ("Cancel"): the session is cancelled and the customer goes back to
 * the shop's return URL with `merchant_reference` and `error=cancelled`. A session that is paid,
 * cancelled or expired answers the view's 404.
 */
export const abandonSession = async (
  ctx: AppContext,
  sessionId: string,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
): Promise<string> =>
  inTransaction(ctx.database, async (trx) => {
    const session = await lockOpenSession(trx, ctx, sessionId, ifUnmodifiedSince);
    const now = nowIso();
    await closeWaitingAttempts(ctx, trx, session.id, CANCELLED_WHILE_WAITING);
    await saveSessionChanges(
      trx,
      session,
      { status: 'CANCELLED', cancelled_at: now, cancelled_by: 'customer', pay_lock_id: null },
      now,
    );
    await appendSessionEvent(trx, session.id, 'CANCELLED', {
      meta,
      details: { cancelled_by: 'customer', reason: 'abandoned' },
    });
    return buildReturnUrl(session.url.return_url!, {
      merchant_reference: session.merchant_reference,
      error: 'cancelled',
    });
  });
