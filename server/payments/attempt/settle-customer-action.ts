import type { AppContext, RequestMeta } from '../../app-context';
import { AppError } from '../../errors/app-error';
import { readPendingAction, type PendingAction } from './await-customer';
import { runPipeline } from '../pipeline';
import { finishPaymentAttempt, type AttemptResult } from './payment-attempt';
import { paymentResponse } from './payment-response';
import { checkoutReturnPath } from '../../sandbox/checkout-return-path';
import { minorUnits, type MinorUnits } from '../../../domain/money';

export type CustomerDecision = 'complete' | 'fail' | 'approve' | 'reject';

/** A session is paid by its `expires_at` or not at all: a page finished later authorizes nothing. */
const EXPIRED_MEANWHILE: AttemptResult = {
  outcome: 'FAILED',
  code: 'SESSION_EXPIRED',
  message: 'The session expired before the payment was completed',
};

/** The attempt waiting for the shopper, as the pipeline's reserve step found it. */
interface Waiting {
  accountId: string;
  productType: string;
  amount: MinorUnits;
  state: PendingAction;
  /** Finished after the session's `expires_at`: the provider is not asked. */
  expired: boolean;
}

/**
 * The customer finished the provider's page (the sandbox's 3-D Secure page: complete or fail; its wallet
 * page: approve or reject): the provider answers (`completeCustomerAction`, outside any database
 * transaction; a decision that does not fit its page is its 400), then the attempt is recorded like any
 * other (callback, auto-capture). An attempt already decided or closed is left alone; one finished after
 * the session's `expires_at` fails (FAILED, `SESSION_EXPIRED`) without asking the provider.
 * Answers where the customer goes: back to the checkout page they came from. The one pipeline
 * (pipeline.ts): reserve = the waiting attempt, call = the provider, failed = FAILED when it is
 * unavailable, settle = the attempt's outcome.
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
  return runPipeline<Waiting, AttemptResult, string>({
    async reserve() {
      const tx = await ctx.database.db
        .selectFrom('transactions')
        .select(['session_id', 'account_id', 'status', 'amount', 'pending_action', 'payment_product_type'])
        .where('id', '=', transactionId)
        .executeTakeFirst();
      if (!tx || tx.session_id !== sessionId)
        throw new AppError('TRANSACTION_NOT_FOUND', 'No such payment on this session');
      const state = readPendingAction(tx.pending_action);
      if (tx.status !== 'INITIATED' || !state) return { answer: returnPath() }; // already decided or closed: left alone
      const expired = ctx.payableSessions.isExpired(
        await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId),
      );
      return {
        reserved: {
          accountId: tx.account_id,
          productType: tx.payment_product_type,
          amount: minorUnits(tx.amount),
          state,
          expired,
        },
      };
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
    async failed(_waiting, e) {
      if (e instanceof AppError && e.code === 'PROVIDER_UNAVAILABLE')
        return { outcome: 'FAILED', code: e.code, message: 'The payment could not be processed' };
      throw e; // a decision that does not fit the provider's page: its 400, the attempt still waits
    },
    async settle({ amount }, result) {
      const finished = await finishPaymentAttempt(ctx, sessionId, transactionId, result, meta, {
        createdBy: 'customer',
        amount,
      });
      const session = await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId);
      const answer = await paymentResponse(ctx, session, transactionId, finished, meta);
      return returnPath(answer.success ? undefined : (answer.error_details?.[0]?.code ?? 'failed'));
    },
  });
};
