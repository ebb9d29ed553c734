import { sql } from 'kysely';
import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import type { Executor } from '../../db/database';
import { inTransaction } from '../../db/tx';
import { oncePerKey } from '../../idempotency/once-per-key';
import { AppError } from '../../errors/app-error';
import { DELETED_TOKEN_DECLINE, isCardTokenDeleted } from '../../customers/card-token-status';
import { featureToggles } from '../../shared/request-headers';
import { autoCaptureIfConfigured } from '../operations/auto-capture';
import { getTransaction } from '../transactions/get-transaction';
import type { TransactionView } from '../transactions/transaction-schemas';
import { insertSession, validateSessionDraft } from '../../sessions/insert-session';
import { finishPaymentAttempt, startPaymentAttempt, type AttemptResult } from './payment-attempt';
import { loadSession } from '../../sessions/session-repository';
import type { PayMerchantInitiatedInput } from '../../sessions/session-schemas';

export type MerchantPayResult = TransactionView & { session_id: string; success: boolean; actions: { source: string; code: string; type: 'success' | 'error' }[] };

/**
 * strict-merchant-reference: no other session may have the reference; strict-success-: no authorized
 * one. A payment of the reference still in progress (PAYING) may yet succeed, so under strict-success
 * it is 409 (retry once it has finished), else two concurrent pays could both be authorized.
 */
const assertReferenceUnique = async (ctx: AppContext, trx: Executor, accountId: string, reference: string, toggles: Set<string>): Promise<void> => {
  const strict = toggles.has('strict-merchant-reference');
  if (!strict && !toggles.has('strict-success-merchant-reference')) return;
  if (ctx.database.engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`${accountId}:${reference}`}))`.execute(trx);
  let q = trx.selectFrom('sessions').select('status').where('account_id', '=', accountId).where('merchant_reference', '=', reference);
  if (!strict) q = q.where('status', 'in', ['AUTHORIZED', 'ON_HOLD', 'PAYING']);
  const found = (await q.execute()).map((r) => r.status);
  if (found.length === 0) return;
  if (!strict && found.every((status) => status === 'PAYING')) {
    throw new AppError('SESSION_PAYMENT_IN_PROGRESS', `A payment of a session with merchant_reference ${reference} is in progress; retry when it has finished`, {
      errors: [{ path: 'session.order.merchant_reference', message: 'payment in progress' }],
    });
  }
  throw new AppError('DUPLICATE_MERCHANT_REFERENCE', `A ${strict ? '' : 'successfully paid '}session with merchant_reference ${reference} already exists`, {
    errors: [{ path: 'session.order.merchant_reference', message: 'duplicate' }],
  });
};

/**
 * A retry with the Idempotency-Key of a pay whose session was committed but whose answer was never
 * stored (its process died): answer from the session and its transaction, never pay again.
 */
const replayMerchantPay = async (ctx: AppContext, actor: Actor, sessionId: string): Promise<MerchantPayResult> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId);
  if (session.status === 'PAYING' || !session.transaction_id) {
    throw new AppError('SESSION_PAYMENT_IN_PROGRESS', 'The payment of this request is still being processed; retry shortly', { body: { session_id: sessionId, success: false, actions: [] } });
  }
  const transaction = await getTransaction(ctx, actor, session.transaction_id);
  const success = !['INITIATED', 'DECLINED', 'FAILED'].includes(transaction.status);
  const code = success ? 'AUTHORIZED' : ([...(transaction.events ?? [])].reverse().find((e) => e.error)?.error?.code ?? transaction.status);
  return { ...transaction, session_id: sessionId, success, actions: [{ source: 'sandbox', code, type: success ? 'success' : 'error' }] };
};

/**
 * Creates and pays a session in one call, with the customer absent: a stored card token
 * (unscheduled or recurring purchase) or the sandbox invoice. A declined authorization is a 200
 * with status FAILED; a decline that must not be retried (also a stored card that was deleted) carries
 * the error code DO_NOT_RETRY.
 */
export const payMerchantInitiated = async (ctx: AppContext, actor: Actor, input: PayMerchantInitiatedInput, meta: RequestMeta): Promise<MerchantPayResult> => {
  const paymentType = input.payment.payment_product_type;
  const { payment_operation: sessionOperation, ...draft } = input.session;
  // payment.operation (card types) and session.payment_operation agree when both are sent (the schema checks)
  const paymentOperation = input.payment.operation ?? sessionOperation ?? 'unscheduled_purchase';
  const stored = draft.customer?.tokens?.['sandbox.creditcard'];
  const token = stored?.payment_token ?? stored?.recurrence_token;
  if (paymentType === 'sandbox.creditcard' && !token) {
    throw new AppError('PAYMENT_TOKEN_REQUIRED', 'session.customer.tokens["sandbox.creditcard"].payment_token is required', { errors: [{ path: 'session.customer.tokens', message: 'required' }] });
  }
  const configuration = draft.configuration ?? { sandbox: { [paymentType === 'sandbox.invoice' ? 'invoice' : 'creditcard']: { enabled: true } } };
  const methods = validateSessionDraft(ctx, actor, { ...draft, configuration }, meta);
  if (!methods.some((m) => m.payment_product_type === paymentType)) throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not enabled by session.configuration`);

  let transactionId = '';
  const { id: sessionId, replayed } = await inTransaction(ctx.database, (trx) =>
    oncePerKey(trx, ctx.database, meta, async () => {
      await assertReferenceUnique(ctx, trx, actor.accountId, draft.order.merchant_reference, featureToggles(meta.headers));
      const id = await insertSession(ctx, trx, actor, { ...draft, configuration, kind: 'MERCHANT_INITIATED', payment_operation: paymentOperation }, meta);
      const session = await loadSession(trx, ctx.database, id, { lock: true });
      transactionId = await startPaymentAttempt(trx, session, paymentType, session.amount, actor.subject, meta);
      return id;
    }),
  );
  if (replayed) return replayMerchantPay(ctx, actor, sessionId);

  try {
    let answer: AttemptResult;
    try {
      answer =
        paymentType === 'sandbox.invoice'
          ? { outcome: 'APPROVED', providerReference: 'sandbox-invoice' }
          : (await isCardTokenDeleted(ctx.database.db, actor.accountId, token!)) // a deleted stored card never reaches the acquirer
            ? DELETED_TOKEN_DECLINE
            : await ctx.acquirer.authorizeWithToken({ accountId: actor.accountId, transactionId, token: token!, amount: draft.order.amount, currency: draft.order.currency });
    } catch (e) {
      answer = { outcome: 'FAILED', code: e instanceof AppError ? e.code : 'PROVIDER_ERROR', message: 'The payment provider could not process the payment' };
    }
    const errorCode = answer.outcome === 'DECLINED' && !answer.retryable ? 'DO_NOT_RETRY' : undefined;
    const { status, session, result } = await finishPaymentAttempt(ctx, sessionId, transactionId, answer, meta, {
      createdBy: actor.subject,
      amount: draft.order.amount,
      declineStatus: 'FAILED',
      errorCode,
    });
    if (status === 'AUTHORIZED') await autoCaptureIfConfigured(ctx, session, transactionId, meta);
    const transaction = await getTransaction(ctx, actor, transactionId);
    const success = result.outcome === 'APPROVED';
    const code = success ? 'AUTHORIZED' : (errorCode ?? ('code' in result ? result.code : 'FAILED'));
    return { ...transaction, session_id: sessionId, success, actions: [{ source: 'sandbox', code, type: success ? 'success' : 'error' }] };
  } catch (e) {
    const payResult = { session_id: sessionId, success: false, actions: [] };
    if (e instanceof AppError) throw new AppError(e.code, e.message, { errors: e.errors, extra: e.extra, body: payResult });
    throw new AppError('INTERNAL', 'Something went wrong', { body: payResult, cause: e });
  }
};
