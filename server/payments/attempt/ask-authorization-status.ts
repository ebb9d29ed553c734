import type { Selectable } from 'kysely';
import type { TransactionsTable } from '../../db/schema';
import type { AppContext, RequestMeta } from '../../app-context';
import { nowIso } from '../../shared/clock';
import type { AuthorizationStatus } from '../../providers/port';
import { autoCaptureIfConfigured } from '../operations/auto-capture';
import { finishPaymentAttempt } from './payment-attempt';
import { minorUnits } from '../../../domain/money';
import { deferAttemptAsk } from '../store/unresolved-attempts';

/** An attempt nobody works on any more, as the recovery read it. */
export interface OrphanedAttempt {
  id: string;
  session_id: string;
  account_id: string;
  payment_product_type: string;
  /** The column as read; made `MinorUnits` (minorUnits) where it is handed on. */
  amount: Selectable<TransactionsTable>['amount'];
  confirm_asks: number;
}

/** Back-off between asks: 1 s, 2 s, 4 s ... at most LATEST_ASK_MS; from ASKS_BEFORE_OPERATOR on, each ask is an error log. */
export const LATEST_ASK_MS = 5 * 60_000;
export const ASKS_BEFORE_OPERATOR = 12;
export const nextAskMs = (asks: number): number => Math.min(1000 * 2 ** asks, LATEST_ASK_MS);

/**
 * Asks the provider what became of an authorization whose answer never came (outside any transaction), and records
 * what it holds exactly as if the answer had come (ADR 050): APPROVED is AUTHORIZED with its event and the merchant's
 * callback (voided instead when the session can no longer take it: finishPaymentAttempt), DECLINED closes it as
 * declined. Answers 'closed' for those, 'unknown' when the provider never received it (the caller closes it as
 * abandoned), 'later' when it is not decided yet or the provider could not be asked (asked again after a back-off).
 */
export const askAuthorizationStatus = async (
  ctx: AppContext,
  tx: OrphanedAttempt,
): Promise<'closed' | 'unknown' | 'later'> => {
  let status: AuthorizationStatus;
  try {
    status = await ctx.providers.providerFor(tx.payment_product_type).authorizationStatus({
      accountId: tx.account_id,
      productType: tx.payment_product_type,
      transactionId: tx.id,
    });
  } catch (err) {
    await askLater(ctx, tx, err);
    return 'later';
  }
  if (status.outcome === 'UNKNOWN') return 'unknown';
  if (status.outcome === 'PENDING') {
    await askLater(ctx, tx);
    return 'later';
  }
  const meta: RequestMeta = { requestId: `recovery:${tx.id}`, baseUrl: ctx.env.KASSA_PUBLIC_URL ?? '', headers: {} };
  const finished = await finishPaymentAttempt(ctx, tx.session_id, tx.id, status, meta, {
    createdBy: 'system',
    amount: minorUnits(tx.amount),
  });
  if (finished.status === 'AUTHORIZED' && !finished.decidedBefore)
    await autoCaptureIfConfigured(ctx, finished.session, tx.id, meta);
  ctx.logger.info(
    { transaction_id: tx.id, outcome: status.outcome, asks: tx.confirm_asks + 1 },
    'unresolved authorization: the provider said what became of it',
  );
  return 'closed';
};

const askLater = async (ctx: AppContext, tx: OrphanedAttempt, err?: unknown): Promise<void> => {
  const asks = tx.confirm_asks + 1;
  await deferAttemptAsk(ctx.database.db, tx.id, asks, new Date(Date.now() + nextAskMs(asks)).toISOString());
  const fields = { transaction_id: tx.id, asks, at: nowIso(), ...(err ? { err } : {}) };
  if (asks >= ASKS_BEFORE_OPERATOR)
    ctx.logger.error(fields, 'unresolved authorization: the provider still does not say; an operator must look');
  else ctx.logger.warn(fields, 'unresolved authorization: not decided yet, asking again later');
};
