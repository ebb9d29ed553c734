import type { AppContext, RequestMeta } from '../../app-context';
import { AppError } from '../../errors/app-error';
import type { AuthorizeResult } from '../../providers/acquirer';
import { readPendingAction } from './await-customer';
import { finishPaymentAttempt, type AttemptResult } from './payment-attempt';
import { paymentResponse } from './payment-response';
import { isExpired, loadSession } from '../../sessions/session-repository';
import { checkoutReturnPath } from '../../sandbox/checkout-return-path';

export type CustomerDecision = 'complete' | 'fail' | 'approve' | 'reject';

const WALLET_REJECTED: AuthorizeResult = { outcome: 'DECLINED', code: 'wallet_rejected', message: 'The customer rejected the payment in the wallet', retryable: true };
/** A session is paid by its `expires_at` or not at all: a page finished later authorizes nothing. */
const EXPIRED_MEANWHILE: AttemptResult = { outcome: 'FAILED', code: 'SESSION_EXPIRED', message: 'The session expired before the payment was completed' };

/**
 * The customer finished the sandbox's 3-D Secure page (complete or fail) or wallet page (approve or
 * reject): the issuer or wallet answers (outside any database transaction), then the attempt is
 * recorded like any other (callback, auto-capture). An attempt already decided or closed is left alone;
 * one finished after the session's `expires_at` fails (FAILED, `SESSION_EXPIRED`) without asking the issuer.
 * Answers where the customer goes: back to the checkout page they came from.
 */
export const settleCustomerAction = async (ctx: AppContext, sessionId: string, transactionId: string, decision: CustomerDecision, back: string | undefined, meta: RequestMeta): Promise<string> => {
  const tx = await ctx.database.db.selectFrom('transactions').select(['session_id', 'status', 'amount', 'pending_action']).where('id', '=', transactionId).executeTakeFirst();
  if (!tx || tx.session_id !== sessionId) throw new AppError('TRANSACTION_NOT_FOUND', 'No such payment on this session');
  const action = readPendingAction(tx.pending_action);
  if (tx.status !== 'INITIATED' || !action) return checkoutReturnPath(back, sessionId, transactionId);
  const fits = action.type === '3ds' ? decision === 'complete' || decision === 'fail' : decision === 'approve' || decision === 'reject';
  if (!fits) throw new AppError('INVALID_REQUEST', `This payment waits for ${action.type === '3ds' ? 'complete or fail' : 'approve or reject'}`);
  const expiry = await ctx.database.db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
  const result: AttemptResult =
    !expiry || isExpired(expiry)
      ? EXPIRED_MEANWHILE
      : action.type === '3ds'
        ? await ctx.acquirer.completeChallenge({ transactionId, card: action.card, passed: decision === 'complete', afterChallenge: action.after })
        : decision === 'approve'
          ? { outcome: 'APPROVED', providerReference: `sbx_wallet_${transactionId}` }
          : WALLET_REJECTED;
  const finished = await finishPaymentAttempt(ctx, tx.session_id, transactionId, result, meta, { createdBy: 'customer', amount: tx.amount });
  const session = await loadSession(ctx.database.db, ctx.database, tx.session_id);
  const answer = await paymentResponse(ctx, session, transactionId, finished, meta);
  return checkoutReturnPath(back, sessionId, transactionId, answer.success ? undefined : (answer.error_details?.[0]?.code ?? 'failed'));
};
