import type { AppContext, RequestMeta } from '../../app-context';
import { AppError } from '../../errors/app-error';
import type { PaymentProvider } from '../../providers/port';
import { readPendingAction } from './await-customer';
import { finishPaymentAttempt, type AttemptResult } from './payment-attempt';
import { paymentResponse } from './payment-response';
import { checkoutReturnPath } from '../../sandbox/checkout-return-path';
import { minorUnits } from '../../../domain/money';

export type CustomerDecision = 'complete' | 'fail' | 'approve' | 'reject';

/** A session is paid by its `expires_at` or not at all: a page finished later authorizes nothing. */
const EXPIRED_MEANWHILE: AttemptResult = { outcome: 'FAILED', code: 'SESSION_EXPIRED', message: 'The session expired before the payment was completed' };

/** The provider's answer; one it could not give (PROVIDER_UNAVAILABLE) fails the attempt, retryable, as on the pay request. */
const askProvider = async (ctx: AppContext, req: Parameters<PaymentProvider['completeCustomerAction']>[0]): Promise<AttemptResult> => {
  try {
    return await ctx.providers.providerFor(req.productType).completeCustomerAction(req);
  } catch (e) {
    if (e instanceof AppError && e.code === 'PROVIDER_UNAVAILABLE') return { outcome: 'FAILED', code: e.code, message: 'The payment could not be processed' };
    throw e;
  }
};

/**
 * The customer finished the provider's page (the sandbox's 3-D Secure page: complete or fail; its wallet
 * page: approve or reject): the provider answers (`completeCustomerAction`, outside any database
 * transaction; a decision that does not fit its page is its 400), then the attempt is recorded like any
 * other (callback, auto-capture). An attempt already decided or closed is left alone; one finished after
 * the session's `expires_at` fails (FAILED, `SESSION_EXPIRED`) without asking the provider.
 * Answers where the customer goes: back to the checkout page they came from.
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
  const tx = await ctx.database.db
    .selectFrom('transactions')
    .select(['session_id', 'account_id', 'status', 'amount', 'pending_action', 'payment_product_type'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!tx || tx.session_id !== sessionId) throw new AppError('TRANSACTION_NOT_FOUND', 'No such payment on this session');
  const state = readPendingAction(tx.pending_action);
  if (tx.status !== 'INITIATED' || !state) return checkoutReturnPath(back, sessionId, transactionId);
  const productType = tx.payment_product_type;
  const expired = ctx.payableSessions.isExpired(await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId));
  const result: AttemptResult = expired ? EXPIRED_MEANWHILE : await askProvider(ctx, { accountId: tx.account_id, productType, transactionId, state, ...(decision ? { decision } : {}) });
  const finished = await finishPaymentAttempt(ctx, tx.session_id, transactionId, result, meta, { createdBy: 'customer', amount: minorUnits(tx.amount) });
  const session = await ctx.payableSessions.load(ctx.database.db, ctx.database, tx.session_id);
  const answer = await paymentResponse(ctx, session, transactionId, finished, meta);
  return checkoutReturnPath(back, sessionId, transactionId, answer.success ? undefined : (answer.error_details?.[0]?.code ?? 'failed'));
};
