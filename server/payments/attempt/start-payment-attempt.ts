import type { AppContext, RequestMeta } from '../../app-context';
import type { Executor } from '../../db/database';
import { nowIso } from '../../shared/clock';
import { bootIdOf } from '../../idempotency/kassa-processes';
import type { HeldWork } from '../../idempotency/work-in-flight';
import { accountScopedId } from '../../shared/ids';
import { toJson } from '../../shared/json-columns';
import { redactHeaders } from '../../shared/request-headers';
import { insertAttempt } from '../store/attempt-store';
import { appendTransactionEvent } from '../store/transaction-repository';
import type { PayableSession } from '../payable-sessions';
import { readMerchantSettings } from '../../accounts/merchant-settings';
import { amountDue } from '../../../domain/express-order';
import type { MinorUnits } from '../../../domain/money';

/** `customer.tokens` (stored card tokens the merchant sent) are kept for paying, never copied onto the transaction. */
const withoutTokens = (customer: PayableSession['customer']): Record<string, unknown> | undefined => {
  if (!customer) return undefined;
  const { tokens: _tokens, ...rest } = customer;
  return rest;
};

/** The longest `user_agent` kept on a transaction. */
const USER_AGENT_MAX = 1024;

/** The shopper's address (server/http/client-address.ts) and browser, on a payment the shopper makes on the page. */
const shopperOf = (meta: RequestMeta, address: string | undefined): { customer_ip?: string; user_agent?: string } => {
  if (address === undefined) return {};
  const userAgent = meta.headers['user-agent'];
  return {
    ...(address !== 'unknown' ? { customer_ip: address } : {}),
    ...(userAgent ? { user_agent: userAgent.slice(0, USER_AGENT_MAX) } : {}),
  };
};

/** The session's metadata with the account's merchant country and category code (the account's settings win). */
const metadataOf = async (trx: Executor, session: PayableSession): Promise<Record<string, unknown> | undefined> => {
  const merchant = await readMerchantSettings(trx, session.account_id);
  return session.metadata || Object.keys(merchant).length > 0 ? { ...session.metadata, ...merchant } : undefined;
};

/** Step 1 of every payment (inside the caller's transaction, session row locked): an INITIATED transaction; the session is PAYING. */
export const startPaymentAttempt = async (
  ctx: AppContext,
  /** The pay request's hold (runPipeline): the attempt is held until its pipeline ends (ADR 047). */
  held: HeldWork,
  trx: Executor,
  session: PayableSession,
  paymentType: string,
  amount: MinorUnits,
  createdBy: string,
  meta: RequestMeta,
  /** What the customer gave for this payment type (e.g. the invoice's contact details), kept on the transaction. */
  details?: Record<string, unknown>,
  /** The shopper's address when the shopper pays on the page; absent on a merchant-initiated payment. */
  shopperAddress?: string,
): Promise<string> => {
  const { order } = session;
  const now = nowIso();
  const transactionId = accountScopedId(session.account_id);
  held.hold(ctx.database, transactionId); // this request works on it until its pipeline ends (ADR 047)
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
      metadata: await metadataOf(trx, session),
      ...(order.store ? { store: order.store } : {}),
      ...(session.configuration.dynamic_descriptor
        ? { dynamic_descriptor: session.configuration.dynamic_descriptor }
        : {}),
      ...shopperOf(meta, shopperAddress),
      url: { callback_url: session.url.callback_url },
      channel: session.configuration.channel ?? 'ecommerce',
      ...(session.platform_type ? { platform_type: session.platform_type } : {}),
      ...(details ? { payment_details: details } : {}),
    }),
    created_at: now,
    updated_at: now,
    version: 1,
    // Its process: once that process is dead, or no request of it holds the attempt, the recovery closes it (ADR 045, 047).
    owner_boot_id: bootIdOf(ctx.database) ?? null,
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
