import type { AppContext, RequestMeta } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { DELETED_TOKEN_DECLINE, isCardTokenDeleted } from '../../customers/card-token-status';
import { autoCaptureIfConfigured } from '../operations/auto-capture';
import { getTransaction } from '../transactions/get-transaction';
import type { TransactionView } from '../transactions/transaction-schemas';
import { saysNothingHappened } from '../../providers/provider-errors';
import { markUnresolved, type Unresolved } from './unresolved-attempt';
import { finishPaymentAttempt, type AttemptResult } from './payment-attempt';
import { startPaymentAttempt } from './start-payment-attempt';
import type { NewPayableSession } from '../payable-sessions';
import { storedTokens } from './saved-cards';
import { priced, type MinorUnits } from '../../../domain/money';
import { runPipeline } from '../pipeline';

/** The new session and its INITIATED attempt. */
interface Started {
  sessionId: string;
  transactionId: string;
  /** What the new session charges (its order's amount). */
  amount: MinorUnits;
}

/** POST /v1/sessions/pay, as its schema validated it: the session to create and what pays it. */
export interface MerchantPayInput {
  session: NewPayableSession;
  payment: { payment_product_type: string; operation?: string };
}

/** A provider that wants the customer to act (3-D Secure, an approval page) cannot be answered: the customer is absent. */
const CUSTOMER_ABSENT: AttemptResult = {
  outcome: 'FAILED',
  code: 'PROVIDER_ERROR',
  message: 'The payment provider asked for the customer, who is absent in a merchant-initiated payment',
};

export type MerchantPayResult = TransactionView & {
  session_id: string;
  success: boolean;
  actions: { source: string; code: string; type: 'success' | 'error' }[];
};

/**
 * A retry with the Idempotency-Key of a pay whose session was committed but whose answer was never
 * stored (its process died): answer from the session and its transaction, never pay again.
 */
const replayMerchantPay = async (ctx: AppContext, actor: Actor, sessionId: string): Promise<MerchantPayResult> => {
  const session = await ctx.payableSessions.load(ctx.database.db, ctx.database, sessionId);
  if (session.status === 'PAYING' || !session.transaction_id) {
    throw new AppError(
      'SESSION_PAYMENT_IN_PROGRESS',
      'The payment of this request is still being processed; retry shortly',
      { body: { session_id: sessionId, success: false, actions: [] } },
    );
  }
  const transaction = await getTransaction(ctx, actor, session.transaction_id);
  const success = !['INITIATED', 'DECLINED', 'FAILED'].includes(transaction.status);
  const code = success
    ? 'AUTHORIZED'
    : ([...(transaction.events ?? [])].reverse().find((e) => e.error)?.error?.code ?? transaction.status);
  return {
    ...transaction,
    session_id: sessionId,
    success,
    actions: [{ source: 'sandbox', code, type: success ? 'success' : 'error' }],
  };
};

/**
 * Creates and pays a session in one call, with the customer absent: a stored card token
 * (unscheduled or recurring purchase) or the sandbox invoice. A declined authorization is a 200
 * with status FAILED; a decline that must not be retried (also a stored card that was deleted) carries
 * the error code DO_NOT_RETRY. The one pipeline (pipeline.ts): reserve = the session and its INITIATED
 * attempt, once per Idempotency-Key; call = the provider; failed = FAILED; settle = the attempt's outcome.
 */
export const payMerchantInitiated = async (
  ctx: AppContext,
  actor: Actor,
  input: MerchantPayInput,
  meta: RequestMeta,
): Promise<MerchantPayResult> => {
  const paymentType = input.payment.payment_product_type;
  const { payment_operation: sessionOperation, ...draft } = input.session;
  // payment.operation (card types) and session.payment_operation agree when both are sent (the schema checks)
  const paymentOperation = input.payment.operation ?? sessionOperation ?? 'unscheduled_purchase';
  const storesCards = ctx.providers.product(paymentType)?.capabilities.tokenization === true; // a card type: paid with the stored card
  const stored = storesCards ? storedTokens(draft.customer, paymentType) : {};
  const token = stored.payment_token ?? stored.recurrence_token;
  if (storesCards && !token) {
    throw new AppError(
      'PAYMENT_TOKEN_REQUIRED',
      `session.customer.tokens["${paymentType}"].payment_token is required`,
      { errors: [{ path: 'session.customer.tokens', message: 'required' }] },
    );
  }
  // without a configuration, the session enables the type it is paid with (`configuration.<provider>.<product>`)
  const [provider, product] = [
    paymentType.slice(0, paymentType.indexOf('.')),
    paymentType.slice(paymentType.indexOf('.') + 1),
  ];
  const configuration = draft.configuration ?? { [provider]: { [product]: { enabled: true } } };
  if (!(await ctx.payableSessions.checkNew(ctx, actor, { ...draft, configuration }, meta)).includes(paymentType))
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not enabled by session.configuration`);

  return runPipeline<Started, AttemptResult | Unresolved, MerchantPayResult>({
    async reserve(held) {
      let started: Omit<Started, 'sessionId'> | undefined;
      const { id: sessionId, replayed } = await unitOfWork(ctx, meta, ({ trx, idempotency }) =>
        idempotency.once(async () => {
          const session = await ctx.payableSessions.insertMerchantInitiated(
            ctx,
            trx,
            actor,
            { ...draft, configuration, payment_operation: paymentOperation },
            meta,
          );
          started = {
            amount: session.amount,
            transactionId: await startPaymentAttempt(
              ctx,
              held,
              trx,
              session,
              paymentType,
              session.amount,
              actor.subject,
              meta,
            ),
          };
          return session.id;
        }),
      );
      return replayed || !started
        ? { answer: await replayMerchantPay(ctx, actor, sessionId) }
        : { reserved: { sessionId, ...started } };
    },
    async call({ transactionId, amount }) {
      const call = {
        accountId: actor.accountId,
        productType: paymentType,
        transactionId,
        ...priced(amount, draft.order.currency),
        ...(token ? { token } : {}),
      };
      if (token && (await isCardTokenDeleted(ctx.database.db, actor.accountId, token))) return DELETED_TOKEN_DECLINE; // a deleted stored card never reaches the provider
      const answered = await ctx.providers.providerFor(paymentType).authorize(call);
      return answered.outcome === 'CUSTOMER_ACTION' ? CUSTOMER_ABSENT : answered;
    },
    // as the shopper's pay (pay-session.ts): only a refusal that says nothing happened fails it; else unresolved
    failed: async (_started, e) =>
      saysNothingHappened(e)
        ? { outcome: 'FAILED', code: e.code, message: 'The payment provider could not process the payment' }
        : { outcome: 'UNRESOLVED', detail: e instanceof Error ? e.message : String(e) },
    async settle({ sessionId, transactionId, amount }, answer) {
      if (answer.outcome === 'UNRESOLVED') {
        // INITIATED until the provider says (the recovery asks it); the merchant's callback tells the outcome
        await markUnresolved(ctx, transactionId, answer.detail);
        const transaction = await getTransaction(ctx, actor, transactionId);
        return {
          ...transaction,
          session_id: sessionId,
          success: false,
          actions: [{ source: ctx.providers.providerFor(paymentType).name, code: 'PAYMENT_CONFIRMING', type: 'error' }],
        };
      }
      try {
        const errorCode = answer.outcome === 'DECLINED' && !answer.retryable ? 'DO_NOT_RETRY' : undefined;
        const { status, session, result } = await finishPaymentAttempt(ctx, sessionId, transactionId, answer, meta, {
          createdBy: actor.subject,
          amount,
          declineStatus: 'FAILED',
          errorCode,
        });
        if (status === 'AUTHORIZED') await autoCaptureIfConfigured(ctx, session, transactionId, meta);
        const transaction = await getTransaction(ctx, actor, transactionId);
        const success = result.outcome === 'APPROVED';
        const code = success ? 'AUTHORIZED' : (errorCode ?? ('code' in result ? result.code : 'FAILED'));
        return {
          ...transaction,
          session_id: sessionId,
          success,
          actions: [{ source: 'sandbox', code, type: success ? 'success' : 'error' }],
        };
      } catch (e) {
        const payResult = { session_id: sessionId, success: false, actions: [] };
        if (e instanceof AppError)
          throw new AppError(e.code, e.message, { errors: e.errors, extra: e.extra, body: payResult });
        throw new AppError('INTERNAL', 'Something went wrong', { body: payResult, cause: e });
      }
    },
  });
};
