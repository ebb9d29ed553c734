import type { AppContext, RequestMeta } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import type { Executor } from '../../db/database';
import { lockableOnce } from '../../db/compiled-once';
import type { AuthorizeAnswer, TokenizeResult } from '../../providers/port';
import { nowIso } from '../../shared/clock';
import { toJson } from '../../shared/json-columns';
import type { TransactionStatus } from '../../../domain/transaction-state';
import { redactHeaders } from '../../shared/request-headers';
import { recordAttemptOutcome } from '../store/attempt-store';
import { transactionCard } from '../transactions/transaction-card';
import { appendTransactionEvent } from '../store/transaction-repository';
import { voidLateAuthorization } from './void-late-authorization';
import type { PayableSession } from '../payable-sessions';
import { recordCardToken } from '../../customers/record-card-token';
import { AppError } from '../../errors/app-error';
import { chargeGiftCards } from '../../wallets/charge-gift-cards';
import type { MinorUnits } from '../../../domain/money';
import { recordedOutcome, type AttemptOutcome } from './recorded-outcome';
import { providerDataColumn } from '../store/provider-data';

export type AttemptResult =
  | AuthorizeAnswer
  | { outcome: 'TOKENIZED'; tokens: TokenizeResult }
  | { outcome: 'FAILED'; code: string; message: string };

const STATUS: Record<AttemptResult['outcome'], TransactionStatus> = {
  APPROVED: 'AUTHORIZED',
  TOKENIZED: 'AUTHORIZED',
  DECLINED: 'DECLINED',
  FAILED: 'FAILED',
};

/** What the caller answers: the attempt's status, and the result that was recorded (the earlier one when it was decided or closed first). */
export interface FinishedAttempt {
  status: string;
  session: PayableSession;
  result: AttemptOutcome;
  /** The attempt's payment product type. */
  productType: string;
  /** Decided or closed before this answer came (the recovery, a cancel, another request): nothing was written. */
  decidedBefore: boolean;
}

/** How an attempt that never got the acquirer's answer is closed (by the stale-payment recovery). */
export const ABANDONED_ERROR = {
  code: 'ABANDONED',
  message: 'The payment attempt did not complete; the customer may try again',
} as const;
type FinishAttempt = (
  ctx: AppContext,
  sessionId: string,
  transactionId: string,
  result: AttemptResult,
  meta: RequestMeta,
  opts: { createdBy: string; amount: MinorUnits; declineStatus?: 'DECLINED' | 'FAILED'; errorCode?: string },
) => Promise<FinishedAttempt>;

/**
 * Step 3: record the provider's answer, the session's new state and the callback in one transaction.
 * `declineStatus` lets merchant-initiated payments report a decline as FAILED, as the API promises.
 *
 * The stale-payment recovery (or a cancel, a change of the order) may have closed the attempt (FAILED)
 * while the acquirer was still answering. Then nothing is written here: the session and transaction
 * stay as they were left, no callback is queued, and the answer is what was recorded; an approval that
 * came too late is voided at the acquirer after the database transaction (ADR 012). An attempt whose
 * recorded result is an approval is never voided here: that is the same authorization (ADR 040).
 */
export const finishPaymentAttempt: FinishAttempt = async (ctx, sessionId, transactionId, result, meta, opts) => {
  const finished = await recordAttempt(ctx, sessionId, transactionId, result, meta, opts);
  const providerHeld =
    result.outcome === 'APPROVED' && ctx.providers.product(finished.productType)?.kind !== 'gift_cards'; // gift cards alone hold nothing at a provider
  const closedUnpaid = finished.result.outcome === 'DECLINED' || finished.result.outcome === 'FAILED';
  if (finished.decidedBefore && closedUnpaid && providerHeld) {
    const late = {
      accountId: finished.session.account_id,
      productType: finished.productType,
      transactionId,
      amount: opts.amount,
      currency: finished.session.currency,
    };
    await voidLateAuthorization(ctx, {
      ...late,
      providerReference: result.providerReference,
      ...(result.providerData ? { providerData: result.providerData } : {}),
    });
  }
  return finished;
};

/**
 * An approved payment draws the order's wallet gift cards down here, in the transaction that records
 * it; when a card can no longer pay its part the attempt fails instead (and the card authorization,
 * if any, is voided after the transaction).
 */
const withGiftCardsCharged = async (
  trx: Executor,
  ctx: AppContext,
  session: PayableSession,
  transactionId: string,
  result: AttemptResult,
  createdBy: string,
): Promise<AttemptResult> => {
  if (result.outcome !== 'APPROVED') return result;
  try {
    await chargeGiftCards(trx, ctx.database, session, transactionId, createdBy);
    return result;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { outcome: 'FAILED', code: e.code, message: e.message };
  }
};

// The attempt's state, read under the session's lock (compiled once per dialect; FOR UPDATE on PostgreSQL).
const attemptRow = lockableOnce((exec, id: string) =>
  exec.selectFrom('transactions').select(['status', 'version', 'payment_product_type']).where('id', '=', id),
);

const recordAttempt: FinishAttempt = (ctx, sessionId, transactionId, approvedOrNot, meta, opts) =>
  unitOfWork(ctx, undefined, async (uow) => {
    const { trx } = uow;
    const session = await uow.sessions.load(trx, ctx.database, sessionId, { lock: true });
    const [attempt] = await attemptRow(trx, ctx.database, true, transactionId);
    if (!attempt) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} was not found`);
    if (attempt.status !== 'INITIATED')
      return {
        status: attempt.status,
        session,
        result: await recordedOutcome(trx, transactionId), // decided or closed first: what was recorded then
        productType: attempt.payment_product_type,
        decidedBefore: true,
      };
    const result = await withGiftCardsCharged(trx, ctx, session, transactionId, approvedOrNot, opts.createdBy);
    const onHold =
      result.outcome === 'APPROVED' && result.review === true && session.configuration.enable_on_hold === true;
    const approved = (result.outcome === 'APPROVED' || result.outcome === 'TOKENIZED') && !onHold;
    const status = onHold
      ? 'ON_HOLD'
      : result.outcome === 'DECLINED' && opts.declineStatus
        ? opts.declineStatus
        : STATUS[result.outcome];
    const card = result.outcome === 'TOKENIZED' ? result.tokens.card : 'card' in result ? (result.card ?? null) : null;
    const providerApproved = result.outcome === 'APPROVED' || result.outcome === 'TOKENIZED';
    const error = providerApproved
      ? undefined
      : { code: opts.errorCode ?? (result as { code: string }).code, message: (result as { message: string }).message };
    const now = nowIso();
    const set = {
      status,
      card: card ? toJson(transactionCard(card, result.outcome === 'TOKENIZED' ? result.tokens : undefined)) : null,
      card_brand: card?.brand ?? null,
      updated_at: now,
      version: attempt.version + 1,
      ...(result.outcome === 'TOKENIZED'
        ? { payment_token: result.tokens.payment_token, recurrence_token: result.tokens.recurrence_token ?? null }
        : {}),
      // the provider's own reference and data, handed back to every later call (issue 38 item 1)
      ...(result.outcome === 'APPROVED'
        ? {
            provider_reference: result.providerReference,
            provider_data: providerDataColumn(result.providerData, {
              logger: ctx.logger,
              transactionId,
              productType: attempt.payment_product_type,
            }),
          }
        : {}),
    };
    await recordAttemptOutcome(trx, { id: transactionId, version: attempt.version }, set);
    if (result.outcome === 'TOKENIZED') {
      const customerId = session.customer?.customer_id;
      await recordCardToken(trx, {
        accountId: session.account_id,
        customerId,
        paymentProductType: attempt.payment_product_type,
        tokens: result.tokens,
        sessionId,
        transactionId,
        createdAt: now,
      });
    }
    // shown on the AUTHORIZE event as `provider_reference`
    const reference = result.outcome === 'APPROVED' ? { provider_reference: result.providerReference } : {};
    const eventId = await appendTransactionEvent(trx, transactionId, {
      event: 'AUTHORIZE',
      success: providerApproved,
      amount: opts.amount,
      createdBy: opts.createdBy,
      requestId: meta.requestId,
      requestHeaders: redactHeaders(meta.headers),
      ...(error ? { error } : {}),
      ...(onHold
        ? { details: { on_hold: true, ...reference } }
        : error
          ? { details: { retry_policy: { retryable: result.outcome === 'DECLINED' ? result.retryable : true } } }
          : result.outcome === 'APPROVED'
            ? { details: reference }
            : {}),
    });
    await uow.sessions.save(
      trx,
      session,
      {
        status: onHold ? 'ON_HOLD' : approved ? 'AUTHORIZED' : 'OPEN',
        transaction_id: approved || onHold ? transactionId : session.transaction_id,
      },
      now,
    );
    const sessionEvent = onHold ? 'ON_HOLD' : approved ? 'AUTHORIZED' : status === 'DECLINED' ? 'DECLINED' : 'FAILED';
    await uow.sessions.appendEvent(trx, sessionId, sessionEvent, {
      meta,
      details: {
        transaction_id: transactionId,
        payment_product_type: attempt.payment_product_type,
        ...(error ? { error } : {}),
      },
    });
    const callbackUrl = session.url.callback_url;
    if (approved && callbackUrl)
      await uow.outbox.callback({
        accountId: session.account_id,
        sessionId,
        transactionId,
        eventId,
        event: 'AUTHORIZE',
        callbackUrl,
      });
    else if (callbackUrl && (result.outcome === 'DECLINED' || result.outcome === 'FAILED'))
      await uow.outbox.errorCallback({
        accountId: session.account_id,
        sessionId,
        transactionId,
        eventId,
        callbackUrl,
        error: result.outcome === 'DECLINED' ? 'authorization' : 'failed',
      });
    return { status, session, result, productType: attempt.payment_product_type, decidedBefore: false };
  });
