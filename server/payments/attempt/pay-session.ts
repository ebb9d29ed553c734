import type { AppContext, RequestMeta } from '../../app-context';
import { validateCard } from '../../providers/validate-card';
import { awaitCustomer } from './await-customer';
import { callPaymentProvider, type ProviderAnswer } from './call-payment-provider';
import { saysNothingHappened } from '../../providers/provider-errors';
import { confirmingResponse, markUnresolved, type Unresolved } from './unresolved-attempt';
import { countsAsFailedAttempt, reserveAddressAttempt } from './limit-pay-attempts';
import { finishPaymentAttempt } from './payment-attempt';
import { paymentResponse } from './payment-response';
import type { PaymentResponse, PaySessionInput } from './pay-schemas';
import { startPayment } from './start-payment';
import { runPipeline } from '../pipeline';

type Started = Awaited<ReturnType<typeof startPayment>>;

/** A provider's page: a path on this server, or an address of the provider's own. */
const absolute = (url: string, baseUrl: string): string => (url.startsWith('/') ? `${baseUrl}${url}` : url);

/**
 * The customer pays on the hosted page (or, for a payment-token session, saves the card without
 * being charged). The provider is called between two database transactions, never inside one; a
 * second payment of the same session is refused while the first is in progress. A provider that asks
 * the customer to act first (3-D Secure, a wallet's approval: CUSTOMER_ACTION) answers with its page
 * (`redirect_url`); the customer's return from it decides the attempt (settle-customer-action.ts).
 * The one pipeline (pipeline.ts): reserve = an INITIATED attempt (start-payment.ts), call = the provider
 * (call-payment-provider.ts), failed = the attempt FAILED, retryable, settle = the attempt's outcome.
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
  const paymentType = ctx.providers.product(payment.payment_product_type)?.type ?? payment.payment_product_type; // an alias (`dintero.wallets`) is stored by its type
  const returnUrl = (transactionId: string) =>
    `${meta.baseUrl}/v1/view/${encodeURIComponent(sessionId)}/payments/${encodeURIComponent(transactionId)}/return`;
  return runPipeline<Started, ProviderAnswer | Unresolved, PaymentResponse>({
    async reserve(held) {
      try {
        if ('card' in payment && payment.card) validateCard(payment.card); // bad card data is a 400 before anything is stored
        return {
          reserved: await startPayment(
            ctx,
            held,
            sessionId,
            payment,
            paymentType,
            ifUnmodifiedSince,
            meta,
            clientAddress,
          ),
        };
      } catch (e) {
        slot.giveBack(); // refused before the provider: no attempt
        throw e;
      }
    },
    call: ({ session, transactionId }) =>
      callPaymentProvider(ctx, session, transactionId, payment, returnUrl(transactionId)),
    // only a refusal that says nothing happened (not reached, a bad request) fails the attempt; anything else may
    // have authorized, so nothing is decided here (unresolved-attempt.ts)
    failed: async (_started, e) =>
      saysNothingHappened(e)
        ? { outcome: 'FAILED', code: e.code, message: 'The payment could not be processed' }
        : { outcome: 'UNRESOLVED', detail: e instanceof Error ? e.message : String(e) },
    async settle({ transactionId, session, amount }, answer) {
      if (answer.outcome === 'UNRESOLVED') {
        slot.giveBack(); // not a failed attempt (yet): the recovery decides it
        await markUnresolved(ctx, transactionId, answer.detail);
        return confirmingResponse(meta, sessionId, transactionId, ctx.providers.providerFor(paymentType).name);
      }
      if (answer.outcome === 'CUSTOMER_ACTION') {
        slot.giveBack(); // decided later on the provider's page: counted per session only
        await awaitCustomer(ctx, sessionId, transactionId, answer, meta);
        return {
          success: true,
          transaction_id: transactionId,
          redirect_url: absolute(answer.url, meta.baseUrl),
          actions: [
            {
              source: ctx.providers.providerFor(paymentType).name,
              code: answer.action?.code ?? 'CUSTOMER_ACTION',
              type: 'success',
            },
          ],
        };
      }
      const finished = await finishPaymentAttempt(ctx, sessionId, transactionId, answer, meta, {
        createdBy: 'customer',
        amount,
      });
      if (!countsAsFailedAttempt(finished.status)) slot.giveBack(); // approved: the slot was only held while in flight
      return paymentResponse(ctx, session, transactionId, finished, meta);
    },
  });
};
