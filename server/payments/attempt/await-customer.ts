import type { AppContext, RequestMeta } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import { AppError } from '../../errors/app-error';
import type { CustomerActionAnswer } from '../../providers/port';
import { nowIso } from '../../shared/clock';
import { parseJson, toJson } from '../../shared/json-columns';
import { markAwaitingCustomer } from '../store/attempt-store';
import { transactionCard } from '../transactions/transaction-card';

/** What the provider kept while the customer acts on another page (its `state`, handed back to `completeCustomerAction`). */
export type PendingAction = Record<string, unknown>;

/** How long a 3-D Secure or wallet page may stay open before the attempt is closed as abandoned. */
export const CUSTOMER_ACTION_MS = 15 * 60_000;

export const readPendingAction = (json: string | null): PendingAction | undefined =>
  json ? parseJson<PendingAction>(json) : undefined;

/**
 * The attempt waits for the customer (3-D Secure challenge, wallet approval): it stays INITIATED with
 * what is pending, the session is OPEN again (the customer may come back and start anew with
 * `force_new`), and a second attempt is refused while this one waits (start-payment.ts).
 */
export const awaitCustomer = (
  ctx: AppContext,
  sessionId: string,
  transactionId: string,
  action: CustomerActionAnswer,
  meta: RequestMeta,
) =>
  unitOfWork(ctx, undefined, async ({ trx }) => {
    const session = await ctx.payableSessions.load(trx, ctx.database, sessionId, { lock: true });
    const now = nowIso();
    const waiting = await markAwaitingCustomer(
      trx,
      transactionId,
      {
        awaiting_customer_until: new Date(Date.now() + CUSTOMER_ACTION_MS).toISOString(),
        pending_action: toJson(action.state),
        ...(action.card ? { card: toJson(transactionCard(action.card)), card_brand: action.card.brand } : {}),
      },
      now,
    );
    if (!waiting)
      throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'The payment attempt was closed meanwhile; start again');
    if (session.status === 'PAYING') await ctx.payableSessions.save(trx, session, { status: 'OPEN' }, now);
    await ctx.payableSessions.appendEvent(trx, sessionId, 'PAYMENT_REDIRECT', {
      meta,
      details: { transaction_id: transactionId, action: action.action?.type ?? 'redirect' },
    });
  });
