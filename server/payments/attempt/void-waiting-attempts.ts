import type { AppContext, RequestMeta } from '../../app-context';
import { enqueueOperationCallbacks } from '../../callbacks/enqueue-callback';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { OperationOutcome } from '../../providers/port';
import { nowIso } from '../../shared/clock';
import { uuid } from '../../shared/ids';
import { redactHeaders } from '../../shared/request-headers';
import { minorUnits, priced, type MinorUnits } from '../../../domain/money';
import { runPipeline } from '../pipeline';
import { claimSettled } from './claim-customer-action';
import {
  claimIsLive,
  claimWaitingAttempt,
  releaseActionClaim,
  voidClaimedAttempt,
  waitingAttemptsOf,
  type WaitingAttemptRow,
} from '../store/action-claims';
import { appendTransactionEvent, loadTransaction } from '../store/transaction-repository';

/** An attempt a session cancel voided at its provider; recorded with the cancel (`recordVoidedAttempts`). */
export interface VoidedAttempt {
  id: string;
  amount: MinorUnits;
  claim: string;
  operationId: string;
  outcome: OperationOutcome;
}

const inProgress = () =>
  new AppError(
    'SESSION_PAYMENT_IN_PROGRESS',
    'The customer is completing a payment of this session; try again shortly',
  );

/** Claims one waiting attempt (refused while its page is being completed), voids it at the provider, or gives the claim back. */
const voidWaitingAttempt = (ctx: AppContext, seen: WaitingAttemptRow): Promise<VoidedAttempt> =>
  runPipeline<WaitingAttemptRow & { claim: string; operationId: string }, OperationOutcome, VoidedAttempt>({
    async reserve() {
      const now = nowIso();
      const claim = claimIsLive(ctx.database, seen, now)
        ? undefined
        : await claimWaitingAttempt(ctx.database.db, ctx.database, seen, now);
      if (!claim) throw inProgress();
      return { reserved: { ...seen, claim, operationId: uuid() } };
    },
    call: (a) =>
      ctx.providers.providerFor(a.payment_product_type).void({
        accountId: a.account_id,
        productType: a.payment_product_type,
        transactionId: a.id,
        operationId: a.operationId,
        ...priced(minorUnits(a.amount), a.currency),
      }),
    async failed(a, e) {
      await releaseActionClaim(ctx.database.db, a.id, a.claim); // nothing voided: the attempt waits again, the cancel fails
      claimSettled(ctx.database, a.id);
      throw e;
    },
    settle: async (a, outcome) => ({
      id: a.id,
      amount: minorUnits(a.amount),
      claim: a.claim,
      operationId: a.operationId,
      outcome,
    }),
  });

/**
 * Item 19: a session's cancel voids the attempt that waits for the customer on a provider's page (the
 * specification: "transaction is initialized or authorized → transaction is voided"). Each is claimed
 * first (ADR 040), so its page can no longer decide it; one whose page is being completed right now is a
 * payment in progress (409, nothing changes). The provider is called with no database transaction open;
 * if it fails, the claim is given back and the cancel fails with its error, as a cancel of an
 * authorization does. `recordVoidedAttempts` records them in the cancel's own transaction.
 */
export const voidWaitingAttempts = async (ctx: AppContext, sessionId: string): Promise<VoidedAttempt[]> => {
  const voided: VoidedAttempt[] = [];
  for (const attempt of await waitingAttemptsOf(ctx.database.db, sessionId))
    voided.push(await voidWaitingAttempt(ctx, attempt));
  return voided;
};

/**
 * In the cancel's transaction: each voided attempt becomes AUTHORIZATION_VOIDED with a VOID event and, when
 * the merchant asks for it (`report_event=VOID`), its callback. Answers whether a callback was queued (the
 * caller tells the callback worker after the commit). A claim lost meanwhile (its lease ran out) is 409.
 */
export const recordVoidedAttempts = async (
  ctx: AppContext,
  trx: Executor,
  accountId: string,
  voided: readonly VoidedAttempt[],
  createdBy: string,
  meta: RequestMeta,
): Promise<boolean> => {
  let queued = false;
  const now = nowIso();
  for (const v of voided) {
    if (!(await voidClaimedAttempt(trx, { id: v.id, amount: v.amount, claim: v.claim }, now)))
      throw new AppError('CONFLICT', 'The payment changed while the session was being cancelled; retry');
    const eventId = await appendTransactionEvent(trx, v.id, {
      event: 'VOID',
      success: true,
      amount: v.amount,
      createdBy,
      requestId: meta.requestId,
      requestHeaders: redactHeaders(meta.headers),
      details: {
        reason: 'session cancelled',
        operation_id: v.operationId,
        ...(v.outcome === 'PENDING' ? { acquirer_status: 'PENDING' } : {}),
      },
    });
    const row = await loadTransaction(trx, ctx.database, v.id, accountId);
    if (await enqueueOperationCallbacks(trx, row, { event: 'VOID', eventId })) queued = true;
  }
  return queued;
};
