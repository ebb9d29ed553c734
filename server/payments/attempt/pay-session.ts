import type { AppContext, RequestMeta } from '../../app-context';
import { AppError } from '../../errors/app-error';
import { validateCard } from '../../providers/validate-card';
import { awaitCustomer } from './await-customer';
import { callPaymentProvider, type ProviderAnswer } from './call-payment-provider';
import { countsAsFailedAttempt, reserveAddressAttempt } from './limit-pay-attempts';
import { finishPaymentAttempt } from './payment-attempt';
import { paymentResponse } from './payment-response';
import type { PaymentResponse, PaySessionInput } from '../../sessions/session-schemas';
import { isGiftCardsOnly, startPayment } from './start-payment';

const REDIRECTS = { '3ds': { path: 'sandbox/3ds', code: '3DS_CHALLENGE' }, wallet: { path: 'sandbox/wallet', code: 'WALLET_REDIRECT' } } as const;

/**
 * The customer pays on the hosted page (or, for a payment-token session, saves the card without
 * being charged). The provider is called between two database transactions, never inside one; a
 * second payment of the same session is refused while the first is in progress. A 3-D Secure
 * challenge or a wallet answers with the page the customer goes to first (`redirect_url`); that
 * page decides the attempt (settle-customer-action.ts).
 */
export const paySession = async (
  ctx: AppContext,
  sessionId: string,
  input: PaySessionInput,
  ifUnmodifiedSince: string | undefined,
  meta: RequestMeta,
  /** Who sent it (server/http/client-address.ts): counted against KASSA_PAY_ATTEMPTS_PER_ADDRESS. */
  clientAddress: string,
): Promise<PaymentResponse> => {
  const slot = reserveAddressAttempt(ctx, clientAddress); // before anything: at most the limit reach the provider, however many are in flight
  const { payment } = input;
  const paymentType = isGiftCardsOnly(payment.payment_product_type) ? 'kassa.wallets' : payment.payment_product_type;
  let started: Awaited<ReturnType<typeof startPayment>>;
  try {
    if (payment.payment_product_type === 'sandbox.creditcard' && payment.card) validateCard(payment.card); // bad card data is a 400 before anything is stored
    started = await startPayment(ctx, sessionId, payment, paymentType, ifUnmodifiedSince, meta);
  } catch (e) {
    slot.giveBack(); // refused before the provider: no attempt
    throw e;
  }
  const { transactionId, session, amount } = started;
  let answer: ProviderAnswer;
  try {
    answer = await callPaymentProvider(ctx, session, transactionId, payment);
  } catch (e) {
    answer = { outcome: 'FAILED', code: e instanceof AppError ? e.code : 'PROVIDER_ERROR', message: 'The payment could not be processed' };
  }
  if (answer.outcome === 'CUSTOMER_ACTION') {
    slot.giveBack(); // decided later on the 3-D Secure or wallet page: counted per session only
    await awaitCustomer(ctx, sessionId, transactionId, answer.action, meta);
    const redirect = REDIRECTS[answer.action.type];
    return {
      success: true,
      transaction_id: transactionId,
      redirect_url: `${meta.baseUrl}/${redirect.path}/${encodeURIComponent(transactionId)}`,
      actions: [{ source: 'sandbox', code: redirect.code, type: 'success' }],
    };
  }
  const finished = await finishPaymentAttempt(ctx, sessionId, transactionId, answer, meta, { createdBy: 'customer', amount });
  if (!countsAsFailedAttempt(finished.status)) slot.giveBack(); // approved: the slot was only held while in flight
  return paymentResponse(ctx, session, transactionId, finished, meta);
};
