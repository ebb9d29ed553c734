import type { AppContext } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { bootIdOf, OWNER_TIMEOUT_SECONDS } from '../../idempotency/kassa-processes';
import { addSeconds, nowIso } from '../../shared/clock';
import { claimIsLive, failWaitingAttempt } from '../store/action-claims';
import { appendTransactionEvent } from '../store/transaction-repository';
import { ABANDONED_ERROR } from './payment-attempt';
import { minorUnits } from '../../../domain/money';

/** A card authorization answers within seconds; one still INITIATED after this long lost its server. */
export const STALE_PAYMENT_MS = 120_000;

type Where = ExpressionBuilder<DB & { t: DB['transactions'] } & { p: DB['kassa_processes'] }, 't' | 'p'>;

/** The attempt names a process other than this one whose row is gone or whose heartbeat is too old (kassa-processes.ts). */
const ownerDead = (eb: Where, ctx: AppContext) => {
  const silentSince = addSeconds(nowIso(), -OWNER_TIMEOUT_SECONDS);
  const self = bootIdOf(ctx.database);
  return eb.and([
    eb('t.owner_boot_id', 'is not', null),
    ...(self ? [eb('t.owner_boot_id', '!=', self)] : []),
    eb.or([eb('p.boot_id', 'is', null), eb('p.heartbeat_at', '<=', silentSince)]),
  ]);
};

/**
 * A server that dies between starting a payment and recording the acquirer's answer leaves the
 * session PAYING. Such an attempt is stale once its process is known dead (its heartbeat silent for
 * OWNER_TIMEOUT_SECONDS, 10 s; ADR 045), or, when it names no process, after STALE_PAYMENT_MS. The sandbox acquirer keeps no authorization ledger to ask, so such an attempt is
 * closed as FAILED (`ABANDONED`, retryable) and the session can be paid or cancelled again. If the
 * acquirer does answer afterwards, `finishPaymentAttempt` leaves this outcome alone (ADR 012).
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
    .select(['t.id', 't.session_id', 't.amount', 't.action_claim', 't.action_claim_owner', 't.action_claimed_at'])
    .select('c.heartbeat_at as owner_heartbeat_at')
    .where('t.status', '=', 'INITIATED')
    // stale by age, or its process is dead (ADR 045: the heartbeat knows within OWNER_TIMEOUT_SECONDS)
    .where((eb) => eb.or([eb('t.created_at', '<=', before), ownerDead(eb, ctx)]))
    // an attempt waiting for the customer (3-D Secure, wallet page) is stale only after its own deadline
    .where((eb) =>
      eb.or([eb('t.awaiting_customer_until', 'is', null), eb('t.awaiting_customer_until', '<=', nowIso())]),
    )
    .limit(opts.limit ?? 20)
    .execute();
  for (const tx of stale) {
    if (claimIsLive(ctx.database, tx, nowIso())) continue; // its page is being completed right now (ADR 040)
    await unitOfWork(ctx, undefined, async ({ trx }) => {
      const session = await ctx.payableSessions.load(trx, ctx.database, tx.session_id, { lock: true });
      const now = nowIso();
      if (!(await failWaitingAttempt(trx, tx, now))) return; // the acquirer's answer was recorded meanwhile, or its page is being completed
      const error = { code: ABANDONED_ERROR.code, message: ABANDONED_ERROR.message };
      await appendTransactionEvent(trx, tx.id, {
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
    });
  }
  return stale.length;
};
