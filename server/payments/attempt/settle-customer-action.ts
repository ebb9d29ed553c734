import type { AppContext, RequestMeta } from '../../app-context';
import { readPendingAction, type PendingAction } from './await-customer';
import { claimCustomerAction, claimSettled } from './claim-customer-action';
import { recordedOutcome } from './recorded-outcome';
import { releaseActionClaim } from '../store/action-claims';
import { runPipeline } from '../pipeline';
import { saysNothingHappened } from '../../providers/provider-errors';
import { markUnresolved, type Unresolved } from './unresolved-attempt';
import { finishPaymentAttempt, type AttemptResult } from './payment-attempt';
import { failureCode, paymentResponse } from './payment-response';
import { checkoutReturnPath } from '../../sandbox/checkout-return-path';
import { minorUnits, type MinorUnits } from '../../../domain/money';

export type CustomerDecision = 'complete' | 'fail' | 'approve' | 'reject';

/** A session is paid by its `expires_at` or not at all: a page finished later authorizes nothing. */
const EXPIRED_MEANWHILE: AttemptResult = {
  outcome: 'FAILED',
  code: 'SESSION_EXPIRED',
  message: 'The session expired before the payment was completed',
};

/** The attempt waiting for the shopper, as the pipeline's reserve step claimed it. */
interface Waiting {
  claim: string;
  accountId: string;
  productType: string;
  amount: MinorUnits;
  state: PendingAction;
  /** Finished after the session's `expires_at`: the provider is not asked. */
  expired: boolean;
}

/**
 * The customer finished the provider's page (the sandbox's 3-D Secure page: complete or fail; its wallet
 * page: approve or reject; a payment app's page): the provider answers (`completeCustomerAction`, outside
 * any database transaction; a decision that does not fit its page is its 400), then the attempt is
 * recorded like any other (callback, auto-capture). One finished after the session's `expires_at` fails
 * (FAILED, `SESSION_EXPIRED`) without asking the provider.
 * A double click, a reload or a second tab ask the provider once (ADR 040): the reserve step claims the
 * attempt (claim-customer-action.ts); a request that finds it claimed waits for the outcome, and every
 * request for a decided or closed attempt answers what was recorded, so all of them send the customer
 * to the same place: back to the checkout page they came from. The one pipeline (pipeline.ts): reserve =
 * the claimed attempt, call = the provider, failed = FAILED when it was not reached, unresolved when its answer was
 * lost (else the claim is given back), settle = the attempt's outcome.
 */
export const settleCustomerAction = async (
  ctx: AppContext,
  sessionId: string,
  transactionId: string,
  /** What Kassa's own page reported; none when the shopper is back from a provider's page (the provider is asked). */
  decision: CustomerDecision | undefined,
  back: string | undefined,
  meta: RequestMeta,
): Promise<string> => {
  const returnPath = (failure?: string) => checkoutReturnPath(back, sessionId, transactionId, failure);
  const giveBack = async (claim: string) => {
    await releaseActionClaim(ctx.database.db, transactionId, claim).catch(() => undefined); // best effort: else its lease ends
    claimSettled(ctx.database, transactionId);
  };
  return runPipeline<Waiting, AttemptResult | Unresolved, string>({
    async reserve() {
      const claimed = await claimCustomerAction(ctx, sessionId, transactionId);
      if (!claimed) {
        const recorded = await recordedOutcome(ctx.database.db, transactionId);
        return { answer: returnPath(failureCode(recorded)) };
      }
      const { claim, attempt } = claimed;
      try {
        const expired = ctx.payableSessions.isExpired(
          await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId),
        );
        return {
          reserved: {
            claim,
            accountId: attempt.account_id,
            productType: attempt.payment_product_type,
            amount: minorUnits(attempt.amount),
            state: readPendingAction(attempt.pending_action)!,
            expired,
          },
        };
      } catch (e) {
        await giveBack(claim);
        throw e;
      }
    },
    call: ({ accountId, productType, state, expired }) =>
      expired
        ? Promise.resolve(EXPIRED_MEANWHILE)
        : ctx.providers.providerFor(productType).completeCustomerAction({
            accountId,
            productType,
            transactionId,
            state,
            ...(decision ? { decision } : {}),
          }),
    async failed({ claim }, e) {
      if (!saysNothingHappened(e)) {
        // no usable answer: the provider may have authorized; the recovery asks it (unresolved-attempt.ts)
        await giveBack(claim);
        return { outcome: 'UNRESOLVED', detail: e instanceof Error ? e.message : String(e) };
      }
      if (e.code === 'PROVIDER_UNAVAILABLE')
        return { outcome: 'FAILED', code: e.code, message: 'The payment could not be processed' };
      await giveBack(claim);
      throw e; // a decision that does not fit the provider's page: its 400, the attempt still waits
    },
    async settle({ claim, amount }, result) {
      if (result.outcome === 'UNRESOLVED') {
        await markUnresolved(ctx, transactionId, result.detail);
        return returnPath(); // the session is PAYING: the page shows the payment being confirmed
      }
      let finished;
      try {
        finished = await finishPaymentAttempt(ctx, sessionId, transactionId, result, meta, {
          createdBy: 'customer',
          amount,
        });
      } catch (e) {
        await giveBack(claim); // nothing was recorded: the attempt waits again
        throw e;
      }
      claimSettled(ctx.database, transactionId); // the others answer what was just recorded
      const session = await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId);
      const answer = await paymentResponse(ctx, session, transactionId, finished, meta);
      return returnPath(answer.success ? undefined : (answer.error_details?.[0]?.code ?? 'failed'));
    },
  });
};
