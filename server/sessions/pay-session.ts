import type { AppContext, RequestMeta } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import type { TokenType } from '../providers/acquirer';
import { validateCard } from '../providers/validate-card';
import { assertUnmodifiedSince } from './if-unmodified-since';
import { resolvePaymentMethods } from './payment-methods';
import { finishPaymentAttempt, startPaymentAttempt, type AttemptResult } from './payment-attempt';
import { buildReturnUrl } from '../../domain/return-url';
import { amountDue, giftCardsPayAll } from '../../domain/express-order';
import { autoCaptureIfConfigured } from '../transactions/auto-capture';
import { assertPayable } from './session-availability';
import { loadSession, type SessionRecord } from './session-repository';
import type { PaymentResponse, PaySessionInput } from './session-schemas';

const CUSTOMER = 'customer';

/** Express sessions need a shipping address, and a shipping option when the merchant offers shipping. */
const assertExpressReady = (session: SessionRecord): void => {
  const { express, order } = session;
  if (!express) return;
  if (!order.shipping_address) throw new AppError('SHIPPING_ADDRESS_REQUIRED', 'Choose a shipping address before paying');
  if ((express.shipping_address_callback_url || (express.shipping_options?.length ?? 0) > 0) && !order.shipping_option) {
    throw new AppError('SHIPPING_OPTION_NOT_AVAILABLE', 'Choose a shipping option before paying');
  }
};

/** The card pays what the gift cards leave (`amount_due`); `kassa.wallets` only when they pay everything. */
const assertPaymentTypeFits = (session: SessionRecord, paymentType: string): void => {
  const payAll = giftCardsPayAll(session.order);
  if (isGiftCardsOnly(paymentType)) {
    if (!payAll) throw new AppError('GIFT_CARDS_DO_NOT_COVER', 'The gift cards do not pay the whole order; pay the rest by card');
    return;
  }
  if (payAll) throw new AppError('INVALID_REQUEST', 'The gift cards pay the whole order; pay with kassa.wallets (no card)');
  const methods = resolvePaymentMethods(session.account_id, session.configuration);
  if (!methods.some((m) => m.payment_product_type === paymentType)) throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not enabled for this session`);
};

const isGiftCardsOnly = (type: string) => type === 'kassa.wallets' || type === 'dintero.wallets';

/** Step 1: lock the session, check every rule, and record an INITIATED transaction. */
const startPayment = (ctx: AppContext, sessionId: string, paymentType: string, ifUnmodifiedSince: string | undefined, meta: RequestMeta) =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    assertUnmodifiedSince(ifUnmodifiedSince, session, { allowVersion: true });
    assertPayable(session);
    if (session.pay_lock_id) throw new AppError('SESSION_LOCKED', 'The session is locked while the shop updates it; try again shortly');
    assertExpressReady(session);
    assertPaymentTypeFits(session, paymentType);
    const amount = session.kind === 'PAYMENT_TOKEN' ? 0 : session.amount;
    const transactionId = await startPaymentAttempt(trx, session, paymentType, amount, CUSTOMER, meta);
    return { transactionId, session, amount };
  });

/**
 * The customer pays on the hosted page (or, for a payment-token session, saves the card without
 * being charged). The acquirer is called between two database transactions, never inside one;
 * a second payment of the same session is refused while the first is in progress.
 */
export const paySession = async (ctx: AppContext, sessionId: string, input: PaySessionInput, ifUnmodifiedSince: string | undefined, meta: RequestMeta): Promise<PaymentResponse> => {
  const { payment } = input;
  if (payment.payment_product_type === 'sandbox.creditcard') validateCard(payment.card); // bad card data is a 400 before anything is stored
  const paymentType = isGiftCardsOnly(payment.payment_product_type) ? 'kassa.wallets' : payment.payment_product_type;
  const { transactionId, session, amount } = await startPayment(ctx, sessionId, paymentType, ifUnmodifiedSince, meta);
  let answer: AttemptResult;
  try {
    if (payment.payment_product_type !== 'sandbox.creditcard') {
      // the sandbox gift cards (server/providers/sandbox/sandbox-gift-cards.ts) were checked when applied
      answer = { outcome: 'APPROVED', providerReference: `gift_cards_${transactionId}` };
    } else if (session.kind === 'PAYMENT_TOKEN') {
      const tokenTypes: TokenType[] = session.tokenProvider?.token_types ?? ['payment_token'];
      answer = { outcome: 'TOKENIZED', tokens: await ctx.acquirer.tokenize({ accountId: session.account_id, card: payment.card, tokenTypes }) };
    } else {
      // the card pays what the gift cards leave
      answer = await ctx.acquirer.authorize({ transactionId, amount: amountDue(session.order), currency: session.currency, card: payment.card });
    }
  } catch (e) {
    answer = { outcome: 'FAILED', code: e instanceof AppError ? e.code : 'PROVIDER_ERROR', message: 'The payment could not be processed' };
  }
  // `result` is what was recorded: ABANDONED if the stale-payment recovery closed the attempt first
  const { status, result } = await finishPaymentAttempt(ctx, sessionId, transactionId, answer, meta, { createdBy: CUSTOMER, amount });
  if (result.outcome === 'APPROVED' || result.outcome === 'TOKENIZED') {
    if (status === 'AUTHORIZED' && result.outcome === 'APPROVED') await autoCaptureIfConfigured(ctx, session, transactionId, meta);
    const returnUrl = session.url.return_url!; // a customer-paid session always has a return_url (Session requires it; only merchant-initiated ones may lack it)
    return {
      success: true,
      transaction_id: transactionId,
      redirect_url: buildReturnUrl(returnUrl, { transaction_id: transactionId, merchant_reference: session.merchant_reference }),
      actions: [{ source: 'sandbox', code: status === 'ON_HOLD' ? 'ON_HOLD' : 'AUTHORIZED', type: 'success' }],
      ...(status === 'ON_HOLD' ? { on_hold: true } : {}),
    };
  }
  const permanent = result.outcome === 'DECLINED' && !result.retryable;
  return {
    success: false,
    transaction_id: transactionId,
    error: result.outcome === 'DECLINED' ? 'Rejected' : 'Failed',
    actions: [{ source: 'sandbox', code: result.code, type: 'error' }],
    error_details: [{ code: result.code, category: permanent ? 'permanent' : 'temporary' }],
  };
};
