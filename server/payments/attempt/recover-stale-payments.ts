import type { AppContext } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import { isHeldHere, orphaned } from '../../idempotency/work-in-flight';
import { nowIso } from '../../shared/clock';
import { claimIsLive, failWaitingAttempt } from '../store/action-claims';
import { appendTransactionEvent } from '../store/transaction-repository';
import { ABANDONED_ERROR } from './payment-attempt';
import { minorUnits } from '../../../domain/money';
import { askAuthorizationStatus } from './ask-authorization-status';

/**
 * An attempt started this long ago is taken over whoever names it (attempts of no known owner, a process
 * that runs no recovery step): a card authorization answers within seconds, a payment app within 30 s.
 */
export const STALE_PAYMENT_MS = 120_000;

/**
 * A server that dies between starting a payment and recording the acquirer's answer, or a pay cut off
 * by a 503 before that answer was recorded, leaves the session PAYING. Such an attempt is stale once
 * nobody can still work on it (work-in-flight.ts, ADR 047): its process is dead by the heartbeat
 * (silent for 10 s; ADR 045), or it is this process and no request here holds it; or, whoever names it,
 * after STALE_PAYMENT_MS. So is an authorization whose answer was lost (a timeout: unresolved-attempt.ts), once its
 * back-off allows. The provider is asked first (`authorizationStatus`, ADR 050): what it holds is recorded as if it
 * had answered; not decided yet, it is asked again later. Only when the provider never received it is the attempt
 * closed as FAILED (`ABANDONED`, retryable), and the session can be paid or cancelled again. If the provider does
 * answer afterwards, `finishPaymentAttempt` leaves this outcome alone (ADR 012).
 */
export const recoverStalePayments = async (
  ctx: AppContext,
  opts: { limit?: number; staleMs?: number } = {},
): Promise<number> => {
  const before = new Date(Date.now() - (opts.staleMs ?? STALE_PAYMENT_MS)).toISOString();
  const stale = await ctx.database.db
    .selectFrom('transactions as t')
    .leftJoin('kassa_processes as p', 'p.boot_id', 't.owner_boot_id')
    .leftJoin('kassa_processes as c', 'c.boot_id', 't.action_claim_owner')
    .select(['t.id', 't.session_id', 't.account_id', 't.payment_product_type', 't.amount', 't.confirm_asks'])
    .select(['t.action_claim', 't.action_claim_owner', 't.action_claimed_at'])
    .select('c.heartbeat_at as owner_heartbeat_at')
    .where('t.status', '=', 'INITIATED')
    .where(
      orphaned(
        ctx.database,
        {
          id: 't.id',
          owner: 't.owner_boot_id',
          ownerRow: 'p.boot_id',
          ownerHeartbeat: 'p.heartbeat_at',
          writtenAt: 't.created_at',
        },
        before,
      ),
    )
    // an attempt waiting for the customer (3-D Secure, wallet page) is stale only after its own deadline
    .where((eb) =>
      eb.or([eb('t.awaiting_customer_until', 'is', null), eb('t.awaiting_customer_until', '<=', nowIso())]),
    )
    // an unresolved authorization is asked about again only after its back-off (ask-authorization-status.ts)
    .where((eb) => eb.or([eb('t.confirm_after', 'is', null), eb('t.confirm_after', '<=', nowIso())]))
    .limit(opts.limit ?? 20)
    .execute();
  let closed = 0;
  for (const tx of stale) {
    if (isHeldHere(ctx.database, tx.id)) continue; // its pay request here still runs (held since before the query)
    if (claimIsLive(ctx.database, tx, nowIso())) continue; // its page is being completed right now (ADR 040)
    const asked = await askAuthorizationStatus(ctx, tx); // never closed on a guess: the provider says first (ADR 050)
    if (asked === 'closed') closed++;
    if (asked !== 'unknown') continue;
    await unitOfWork(ctx, undefined, async ({ trx, outbox }) => {
      const session = await ctx.payableSessions.load(trx, ctx.database, tx.session_id, { lock: true });
      const now = nowIso();
      if (!(await failWaitingAttempt(trx, tx, now))) return; // the acquirer's answer was recorded meanwhile, or its page is being completed
      closed++;
      const error = { code: ABANDONED_ERROR.code, message: ABANDONED_ERROR.message };
      const eventId = await appendTransactionEvent(trx, tx.id, {
        event: 'AUTHORIZE',
        success: false,
        amount: minorUnits(tx.amount),
        createdBy: 'system',
        error,
        details: { retry_policy: { retryable: true } },
      });
      if (session.status === 'PAYING') {
        await ctx.payableSessions.save(trx, session, { status: 'OPEN' }, now);
      }
      await ctx.payableSessions.appendEvent(trx, session.id, 'FAILED', { details: { transaction_id: tx.id, error } });
      // the merchant hears of the close as of any failed attempt (its `report_error` callback)
      const callbackUrl = session.url.callback_url;
      if (callbackUrl)
        await outbox.errorCallback({
          accountId: session.account_id,
          sessionId: session.id,
          transactionId: tx.id,
          eventId,
          callbackUrl,
          error: 'failed',
        });
    });
  }
  return closed;
};
