import type { AppContext, RequestMeta } from '../../app-context';
import type { Executor } from '../../db/database';
import { nowIso } from '../../shared/clock';
import { accountScopedId } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import { redactHeaders } from '../../shared/request-headers';
import { insertAttempt } from '../store/attempt-store';
import { appendTransactionEvent } from '../store/transaction-repository';
import type { PayableSession } from '../payable-sessions';
import { amountDue } from '../../../domain/express-order';
import type { MinorUnits } from '../../../domain/money';

/** `customer.tokens` (stored card tokens the merchant sent) are kept for paying, never copied onto the transaction. */
const withoutTokens = (customer: PayableSession['customer']): Record<string, unknown> | undefined => {
  if (!customer) return undefined;
  const { tokens: _tokens, ...rest } = customer;
  return rest;
};

/** Step 1 of every payment (inside the caller's transaction, session row locked): an INITIATED transaction; the session is PAYING. */
export const startPaymentAttempt = async (
  ctx: AppContext,
  trx: Executor,
  session: PayableSession,
  paymentType: string,
  amount: MinorUnits,
  createdBy: string,
  meta: RequestMeta,
  /** What the customer gave for this payment type (e.g. the invoice's contact details), kept on the transaction. */
  details?: Record<string, unknown>,
): Promise<string> => {
  const { order } = session;
  const now = nowIso();
  const transactionId = accountScopedId(session.account_id);
  await insertAttempt(trx, {
    id: transactionId,
    account_id: session.account_id,
    session_id: session.id,
    status: 'INITIATED',
    currency: session.currency,
    amount,
    captured_amount: 0,
    refunded_amount: 0,
    voided_amount: 0,
    pending_capture: 0,
    pending_refund: 0,
    pending_void: 0,
    payment_product: paymentType.split('.')[0]!,
    payment_product_type: paymentType,
    card: null,
    merchant_reference: session.merchant_reference,
    merchant_reference_2: session.merchant_reference_2,
    payment_operation: session.payment_operation,
    payout_destination_id: order.payout_destination_id ?? order.store?.payout_destination_id ?? null,
    data: toJson({
      items: order.items,
      shipping_option: order.shipping_option,
      ...(order.gift_cards?.length ? { gift_cards: order.gift_cards, card_amount: amountDue(order) } : {}),
      shipping_address: order.shipping_address,
      billing_address: order.billing_address,
      customer: withoutTokens(session.customer),
      metadata: session.metadata,
      url: { callback_url: session.url.callback_url },
      channel: session.configuration.channel ?? 'ecommerce',
      ...(session.platform_type ? { platform_type: session.platform_type } : {}),
      ...(details ? { payment_details: details } : {}),
    }),
    created_at: now,
    updated_at: now,
    version: 1,
  });
  await appendTransactionEvent(
    trx,
    transactionId,
    {
      event: 'INITIALIZE',
      success: true,
      amount,
      createdBy,
      requestId: meta.requestId,
      requestHeaders: redactHeaders(meta.headers),
    },
    true,
  );
  await ctx.payableSessions.save(trx, session, { status: 'PAYING' }, now);
  return transactionId;
};
