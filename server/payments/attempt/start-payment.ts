import type { AppContext, RequestMeta } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import { compiledOnce } from '../../db/compiled-once';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { giftCardsPayAll } from '../../../domain/express-order';
import { installmentPlans } from '../../../domain/installment-plans';
import { lenderProblems } from './lender-details';
import { amountDue } from '../../../domain/express-order';
import { assertPayAttemptsLeft } from './limit-pay-attempts';
import { startPaymentAttempt } from './start-payment-attempt';
import type { HeldWork } from '../../idempotency/work-in-flight';
import { tokenForId } from './saved-cards';
import type { PayableSession } from '../payable-sessions';
import type { PaySessionInput } from './pay-schemas';
import { assertGiftCardsPayable } from '../../wallets/charge-gift-cards';
import { ZERO_MINOR } from '../../../domain/money';

type Payment = PaySessionInput['payment'];

/** Express sessions need a shipping address, and a shipping option when the merchant offers shipping. */
const assertExpressReady = (session: PayableSession): void => {
  const { express, order } = session;
  if (!express) return;
  if (!order.shipping_address)
    throw new AppError('SHIPPING_ADDRESS_REQUIRED', 'Choose a shipping address before paying');
  if (
    (express.shipping_address_callback_url || (express.shipping_options?.length ?? 0) > 0) &&
    !order.shipping_option
  ) {
    throw new AppError('SHIPPING_OPTION_NOT_AVAILABLE', 'Choose a shipping option before paying');
  }
};

/** An attempt of this session still waiting for its provider's answer (compiled once per dialect). */
const attemptInProgress = compiledOnce((exec, sessionId: string, status: string) =>
  exec
    .selectFrom('transactions')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('status', '=', status as 'INITIATED'),
);
/** The card pays what the gift cards leave (`amount_due`); `kassa.wallets` only when they pay everything. */
const assertPaymentTypeFits = async (
  ctx: AppContext,
  trx: Executor,
  session: PayableSession,
  paymentType: string,
): Promise<void> => {
  const payAll = giftCardsPayAll(session.order);
  if (ctx.providers.product(paymentType)?.kind === 'gift_cards') {
    if (!payAll)
      throw new AppError('GIFT_CARDS_DO_NOT_COVER', 'The gift cards do not pay the whole order; pay the rest by card');
    return;
  }
  if (payAll)
    throw new AppError('INVALID_REQUEST', 'The gift cards pay the whole order; pay with kassa.wallets (no card)');
  if (!(await ctx.payableSessions.paymentTypes(ctx, session, trx)).includes(paymentType))
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not enabled for this session`);
};

/** What the payment names must exist on this session (the stored card, the part-payment plan), and the details a credit decision needs must be valid. */
const assertPaymentDetails = (session: PayableSession, payment: Payment): void => {
  if (
    'payment_token_id' in payment &&
    payment.payment_token_id &&
    !tokenForId(session, payment.payment_product_type, payment.payment_token_id)
  ) {
    throw new AppError('INVALID_REQUEST', 'No stored card with this payment_token_id on the session', {
      errors: [{ path: 'payment.payment_token_id', message: 'unknown' }],
    });
  }
  if ('email' in payment) {
    const problems = lenderProblems(payment, 'payment.');
    if (problems.length)
      throw new AppError('INVALID_REQUEST', 'The details for this payment type are not valid', { errors: problems });
  }
  if (
    'product' in payment &&
    !installmentPlans(amountDue(session.order), session.currency).some((p) => p.id === payment.product.id)
  ) {
    throw new AppError(
      'INVALID_REQUEST',
      `Unknown part-payment plan; get the plans from POST /v1/view/{session_id}/payments/${payment.payment_product_type}`,
      {
        errors: [{ path: 'payment.product.id', message: 'unknown plan' }],
      },
    );
  }
};

/** A session with an attempt still open (e.g. a 3-D Secure page the customer has not finished) takes no second one. */
const assertNoOpenAttempt = async (trx: Executor, sessionId: string): Promise<void> => {
  const [open] = await attemptInProgress(trx, sessionId, 'INITIATED');
  if (open) {
    throw new AppError(
      'SESSION_PAYMENT_IN_PROGRESS',
      'A payment of this session waits for the customer (3-D Secure or wallet page); finish it, or start anew with POST /v1/view/{session_id}/payments/{type}?force_new=true',
    );
  }
};

/** The details a payment keeps on its transaction: the customer's details for a credit decision (never card data). */
const detailsOf = (payment: Payment): Record<string, unknown> | undefined => {
  if (!('email' in payment)) return undefined;
  const { payment_product_type: _type, ...details } = payment;
  return details;
};

/** Step 1 of paying: lock the session, check every rule, and record an INITIATED transaction. */
export const startPayment = (
  ctx: AppContext,
  held: HeldWork,
  sessionId: string,
  payment: Payment,
  paymentType: string,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
  /** The shopper's address (kept on the transaction as `customer_ip`). */
  shopperAddress?: string,
) =>
  unitOfWork(ctx, undefined, async ({ trx }) => {
    const session = await ctx.payableSessions.lockToPay(trx, ctx.database, sessionId, ifUnmodifiedSince);
    await assertPayAttemptsLeft(trx, ctx.env, session.id); // card testing: counted under the session's row lock
    assertExpressReady(session);
    await assertPaymentTypeFits(ctx, trx, session, paymentType);
    assertPaymentDetails(session, payment);
    await assertNoOpenAttempt(trx, session.id);
    await assertGiftCardsPayable(trx, ctx.database, session); // a wallet card that can no longer pay its part: refused before the card is charged
    const amount = session.kind === 'PAYMENT_TOKEN' ? ZERO_MINOR : session.amount;
    const transactionId = await startPaymentAttempt(
      ctx,
      held,
      trx,
      session,
      paymentType,
      amount,
      'customer',
      meta,
      detailsOf(payment),
      shopperAddress,
    );
    return { transactionId, session, amount };
  });
