import type { AppContext, RequestMeta } from '../app-context';
import { enqueueCallback } from '../callbacks/enqueue-callback';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import type { AuthorizeResult } from '../providers/acquirer';
import { validateCard } from '../providers/sandbox/card';
import { nowIso } from '../shared/clock';
import { accountScopedId } from '../shared/ids';
import { fromJson, toJson } from '../shared/json-columns';
import { appendTransactionEvent } from '../transactions/transaction-repository';
import { resolvePaymentMethods } from './payment-methods';
import { buildReturnUrl } from './return-url';
import { assertPayable } from './session-availability';
import { appendSessionEvent } from './session-events';
import { loadSession } from './session-repository';
import type { PaymentResponse, PaySessionInput } from './session-schemas';

const CUSTOMER = 'customer';

/** Step 1: lock the session, check it can be paid, and record an INITIATED transaction. */
const startPayment = async (ctx: AppContext, sessionId: string, paymentType: string, meta: RequestMeta) =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    assertPayable(session);
    const methods = resolvePaymentMethods(session.account_id, fromJson(session.configuration) ?? {});
    if (!methods.some((m) => m.payment_product_type === paymentType)) {
      throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not enabled for this session`);
    }
    const order = fromJson<Record<string, unknown>>(session.order_data)!;
    const now = nowIso();
    const transactionId = accountScopedId(session.account_id);
    await trx.insertInto('transactions').values({
      id: transactionId, account_id: session.account_id, session_id: session.id, status: 'INITIATED',
      currency: session.currency, amount: session.amount,
      captured_amount: 0, refunded_amount: 0, voided_amount: 0, pending_capture: 0, pending_refund: 0, pending_void: 0,
      payment_product: paymentType.split('.')[0]!, payment_product_type: paymentType, card: null,
      merchant_reference: session.merchant_reference, merchant_reference_2: (order.merchant_reference_2 as string | undefined) ?? null,
      data: toJson({
        items: order.items, shipping_option: order.shipping_option, shipping_address: order.shipping_address, billing_address: order.billing_address,
        customer: fromJson(session.customer), metadata: fromJson(session.metadata), url: { callback_url: fromJson<{ callback_url?: string }>(session.url)?.callback_url },
        channel: (fromJson<{ channel?: string }>(session.configuration)?.channel) ?? 'ecommerce',
      }),
      created_at: now, updated_at: now, version: 1,
    }).execute();
    await appendTransactionEvent(trx, transactionId, { event: 'INITIALIZE', success: true, amount: session.amount, createdBy: CUSTOMER, requestId: meta.requestId }, true);
    await trx.updateTable('sessions').set({ status: 'PAYING', updated_at: now, version: session.version + 1 }).where('id', '=', session.id).execute();
    return { transactionId, session };
  });

/** Step 3: record the acquirer's answer, and the callback, in one transaction. */
const finishPayment = async (ctx: AppContext, sessionId: string, transactionId: string, result: AuthorizeResult | { outcome: 'FAILED'; code: string; message: string }, meta: RequestMeta) =>
  inTransaction(ctx.database, async (trx) => {
    const session = await loadSession(trx, ctx.database, sessionId, { lock: true });
    const approved = result.outcome === 'APPROVED';
    const status = approved ? 'AUTHORIZED' : result.outcome === 'DECLINED' ? 'DECLINED' : 'FAILED';
    const now = nowIso();
    await trx.updateTable('transactions')
      .set({ status, card: 'card' in result ? toJson(result.card) : null, updated_at: now, version: 2 })
      .where('id', '=', transactionId).where('status', '=', 'INITIATED').execute();
    const eventId = await appendTransactionEvent(trx, transactionId, {
      event: 'AUTHORIZE', success: approved, amount: session.amount, createdBy: CUSTOMER, requestId: meta.requestId,
      ...(approved ? {} : { error: { code: (result as { code: string }).code, message: (result as { message: string }).message } }),
    });
    await trx.updateTable('sessions')
      .set({ status: approved ? 'AUTHORIZED' : 'OPEN', transaction_id: approved ? transactionId : session.transaction_id, updated_at: now, version: session.version + 1 })
      .where('id', '=', sessionId).execute();
    await appendSessionEvent(trx, sessionId, status === 'AUTHORIZED' ? 'AUTHORIZED' : status === 'DECLINED' ? 'DECLINED' : 'FAILED', {
      requestId: meta.requestId,
      details: { transaction_id: transactionId, payment_product_type: 'sandbox.creditcard', ...(approved ? {} : { error: { code: (result as { code: string }).code } }) },
    });
    const callbackUrl = fromJson<{ callback_url?: string }>(session.url)?.callback_url;
    if (approved && callbackUrl) {
      await enqueueCallback(trx, { accountId: session.account_id, sessionId, transactionId, eventId, event: 'AUTHORIZE', callbackUrl });
    }
    return session;
  });

/**
 * The customer pays on the hosted page. The acquirer is called between two
 * database transactions, never inside one; a second payment on the same session
 * is refused while the first is in progress.
 */
export const paySession = async (ctx: AppContext, sessionId: string, input: PaySessionInput, meta: RequestMeta): Promise<PaymentResponse> => {
  validateCard(input.payment.card); // bad card data is a 400 before anything is stored
  const { transactionId, session } = await startPayment(ctx, sessionId, input.payment.payment_product_type, meta);
  let result: AuthorizeResult | { outcome: 'FAILED'; code: string; message: string };
  try {
    result = await ctx.acquirer.authorize({ transactionId, amount: session.amount, currency: session.currency, card: input.payment.card });
  } catch (e) {
    result = { outcome: 'FAILED', code: e instanceof AppError ? e.code : 'PROVIDER_ERROR', message: 'The payment could not be processed' };
  }
  await finishPayment(ctx, sessionId, transactionId, result, meta);
  if (result.outcome === 'APPROVED') {
    const returnUrl = fromJson<{ return_url: string }>(session.url)!.return_url;
    return {
      success: true,
      transaction_id: transactionId,
      redirect_url: buildReturnUrl(returnUrl, { transaction_id: transactionId, merchant_reference: session.merchant_reference }),
      actions: [{ source: 'sandbox', code: 'AUTHORIZED', type: 'success' }],
    };
  }
  return {
    success: false,
    transaction_id: transactionId,
    error: result.outcome === 'DECLINED' ? 'Rejected' : 'Failed',
    actions: [{ source: 'sandbox', code: result.code, type: 'error' }],
    error_details: [{ code: result.code, category: result.outcome === 'DECLINED' ? 'permanent' : 'temporary' }],
  };
};
