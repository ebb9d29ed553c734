import type { AppContext, RequestMeta } from '../../app-context';
import { buildReturnUrl } from '../../../domain/return-url';
import { autoCaptureIfConfigured } from '../operations/auto-capture';
import type { FinishedAttempt } from './payment-attempt';
import type { AttemptOutcome } from './recorded-outcome';
import type { PayableSession } from '../payable-sessions';
import type { PaymentResponse } from './pay-schemas';

/**
 * Decline codes the shopper's page never hears: to whoever holds a card reported lost or stolen, it is declined
 * by the bank like any other (the merchant reads the real code in the transaction's AUTHORIZE error).
 */
const SHOPPER_CODES: Readonly<Record<string, string>> = { lost_card: 'card_declined', stolen_card: 'card_declined' };
const shopperCode = (code: string): string => (Object.hasOwn(SHOPPER_CODES, code) ? SHOPPER_CODES[code]! : code);

/** The code the checkout page gets back for an attempt that did not pay (`payment_error`); undefined when it paid. */
export const failureCode = (result: AttemptOutcome): string | undefined =>
  result.outcome === 'APPROVED' || result.outcome === 'TOKENIZED' ? undefined : shopperCode(result.code);

/**
 * The answer to a decided attempt (on the page, or after a 3-D Secure or wallet page): approved
 * (auto-captured when configured) with the way back to the shop, or declined with whether another
 * try may work.
 */
export const paymentResponse = async (
  ctx: AppContext,
  session: PayableSession,
  transactionId: string,
  finished: FinishedAttempt,
  meta: RequestMeta,
): Promise<PaymentResponse> => {
  const { status, result } = finished; // `result` is what was recorded: the earlier outcome if the attempt was decided or closed first
  if (result.outcome === 'APPROVED' || result.outcome === 'TOKENIZED') {
    if (status === 'AUTHORIZED' && result.outcome === 'APPROVED' && !finished.decidedBefore)
      await autoCaptureIfConfigured(ctx, session, transactionId, meta);
    const returnUrl = session.url.return_url!; // a customer-paid session always has a return_url (Session requires it; only merchant-initiated ones may lack it)
    return {
      success: true,
      transaction_id: transactionId,
      redirect_url: buildReturnUrl(returnUrl, {
        transaction_id: transactionId,
        merchant_reference: session.merchant_reference,
      }),
      actions: [{ source: 'sandbox', code: status === 'ON_HOLD' ? 'ON_HOLD' : 'AUTHORIZED', type: 'success' }],
      ...(status === 'ON_HOLD' ? { on_hold: true } : {}),
    };
  }
  const permanent = result.outcome === 'DECLINED' && !result.retryable;
  const code = failureCode(result)!;
  return {
    success: false,
    transaction_id: transactionId,
    error: result.outcome === 'DECLINED' ? 'Rejected' : 'Failed',
    actions: [{ source: 'sandbox', code, type: 'error' }],
    error_details: [{ code, category: permanent ? 'permanent' : 'temporary' }],
  };
};
