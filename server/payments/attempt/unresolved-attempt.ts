import type { AppContext, RequestMeta } from '../../app-context';
import { markAttemptUnresolved } from '../store/unresolved-attempts';
import type { PaymentResponse } from './pay-schemas';

/** A provider call that ended with no usable answer (ProviderOutcomeUnknown): what the provider did is not known. */
export interface Unresolved {
  outcome: 'UNRESOLVED';
  detail: string;
}

/** The first ask of the provider's `authorizationStatus`, after an authorization's answer was lost. */
export const FIRST_ASK_MS = 1000;

/**
 * The attempt stays INITIATED (the session PAYING), never FAILED: a timeout may mean the provider authorized, and
 * the shopper would be charged while Kassa said failed. The recovery (recover-stale-payments.ts) asks the provider
 * what became of it from `confirm_after` on, and records what it says (ADR 050).
 */
export const markUnresolved = async (ctx: AppContext, transactionId: string, detail: string): Promise<void> => {
  const first = new Date(Date.now() + FIRST_ASK_MS).toISOString();
  await markAttemptUnresolved(ctx.database.db, transactionId, first);
  ctx.logger.warn(
    { transaction_id: transactionId, err: { message: detail } },
    'authorization outcome unknown: kept unresolved until the provider says',
  );
};

/** The checkout page of the session (at the root with `?sid=`), marked as confirming a payment. */
const confirmingPageUrl = (baseUrl: string, sessionId: string): string => {
  const url = new URL('/', baseUrl);
  url.searchParams.set('sid', sessionId);
  url.searchParams.set('payment', 'confirming');
  return url.toString();
};

/**
 * The shopper's answer while the outcome is not known: the checkout page again, which shows the payment being
 * confirmed (the session is PAYING) and follows it to its end by itself.
 */
export const confirmingResponse = (
  meta: RequestMeta,
  sessionId: string,
  transactionId: string,
  source: string,
): PaymentResponse => ({
  success: true,
  transaction_id: transactionId,
  redirect_url: confirmingPageUrl(meta.baseUrl, sessionId),
  actions: [{ source, code: 'PAYMENT_CONFIRMING', type: 'success' }],
});
