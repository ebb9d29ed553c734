import type { AppContext, RequestMeta } from '../app-context';
import type { Actor } from '../auth/scopes';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { assertExpressUrlsAllowed } from '../express/assert-express-urls-allowed';
import { callExpressCallback } from '../express/call-express-callback';
import { toJson } from '../shared/json-columns';
import { orderAmountMismatch, shippingOptionNotOffered } from '../../domain/order-rules';
import { throwIfRefused } from '../errors/refusal';
import { assertPayable } from './session-availability';
import { appendSessionEvent } from './session-events';
import { loadSession, readSession, type SessionRecord } from './session-repository';
import type { SessionView, UpdateSessionInput } from './session-schemas';
import { saveSessionChanges } from './save-session-changes';
import { orderAfterExpressAnswer } from '../express/express-answer-order';
import { closeWaitingAttempts, ORDER_CHANGED_WHILE_WAITING } from '../payments';
import type { StoredSessionOrder } from './session-record';
import { withGiftCardsReapplied } from './reprice-order';

type Express = {
  shipping_options?: { id: string; line_id: string; amount: number }[];
  shipping_address_callback_url?: string;
  [k: string]: unknown;
};

const assertUpdatable = (session: SessionRecord, withoutLock: boolean | undefined): void => {
  assertPayable(session); // paid, cancelled, expired or paying: 400 with its code
  if (!session.pay_lock_id && !withoutLock) {
    throw new AppError(
      'SESSION_NOT_LOCKED',
      'Lock the session first (the checkout does), or pass update_without_lock=true before the checkout is shown',
    );
  }
};

const changed = (a: unknown, b: unknown) => ({
  status: JSON.stringify(a) === JSON.stringify(b) ? 'NOT_MODIFIED' : 'UPDATED',
});

/**
 * The merchant updates the order (and express options) of an open session. The shipping-address
 * callback, when it runs, is called before the database transaction, and the write then checks
 * that the session did not change meanwhile.
 */
export const updateSession = async (
  ctx: AppContext,
  actor: Actor,
  sessionId: string,
  input: UpdateSessionInput,
  query: { force_shipping_address_callback?: boolean; update_without_lock?: boolean },
  meta: RequestMeta,
): Promise<SessionView> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId, { accountId: actor.accountId });
  assertUpdatable(session, query.update_without_lock);
  assertExpressUrlsAllowed(ctx, actor.accountId, input.express);
  if (input.order.currency !== session.currency) {
    throw new AppError('CURRENCY_MISMATCH', `order.currency must stay ${session.currency}`, {
      errors: [{ path: 'order.currency', message: `must be ${session.currency}` }],
    });
  }
  const previousOrder = session.order;
  const previousExpress: Express | undefined = session.express;
  // An express object in the update replaces the stored one's fields it names; the rest (e.g. the callback URL) is kept.
  let express: Express | undefined = input.express ? { ...previousExpress, ...input.express } : previousExpress;
  // the customer's gift cards stay on the order, re-applied to the new amount
  let order: StoredSessionOrder = {
    ...input.order,
    merchant_reference: input.order.merchant_reference ?? previousOrder.merchant_reference,
    ...(input.order.merchant_reference_2 === undefined && previousOrder.merchant_reference_2 !== undefined
      ? { merchant_reference_2: previousOrder.merchant_reference_2 }
      : {}),
    ...(session.order.gift_cards ? { gift_cards: session.order.gift_cards } : {}),
  };
  const callbackUrl = express?.shipping_address_callback_url;
  if (callbackUrl && (query.force_shipping_address_callback || input.express?.shipping_options === undefined)) {
    const current = await readSession(ctx.database.db, session);
    const result = await callExpressCallback(ctx, session.account_id, callbackUrl, { ...current, order, express });
    express = { ...express, shipping_options: result.shipping_options };
    order = orderAfterExpressAnswer(order, result, { currency: session.currency, purpose: 'shipping' });
  }
  throwIfRefused(orderAmountMismatch(order));
  throwIfRefused(shippingOptionNotOffered(order, express));
  order = await withGiftCardsReapplied(ctx.database.db, session.account_id, order);

  return inTransaction(ctx.database, async (trx) => {
    const row = await loadSession(trx, ctx.database, sessionId, { accountId: actor.accountId, lock: true });
    if (row.version !== session.version)
      throw new AppError('CONFLICT', 'The session changed while it was being updated; retry');
    const removeLock = input.remove_lock !== false && row.pay_lock_id !== null;
    await closeWaitingAttempts(ctx, trx, row.id, ORDER_CHANGED_WHILE_WAITING);
    await saveSessionChanges(trx, row, {
      order_data: toJson(order),
      amount: order.amount,
      merchant_reference: order.merchant_reference,
      express: express ? toJson(express) : null,
      pay_lock_id: removeLock ? null : row.pay_lock_id,
    });
    await appendSessionEvent(trx, row.id, 'UPDATE_SESSION', {
      meta,
      details: {
        previous_order: previousOrder,
        updated_order: order,
        updated_order_result: changed(previousOrder, order),
        ...(express || previousExpress
          ? {
              previous_express: previousExpress,
              updated_express: express,
              updated_express_result: changed(previousExpress, express),
            }
          : { updated_express_result: { status: 'NOT_MODIFIED' } }),
      },
    });
    if (removeLock)
      await appendSessionEvent(trx, row.id, 'PAY_LOCK_END', { meta, details: { pay_lock_id: row.pay_lock_id } });
    return readSession(trx, await loadSession(trx, ctx.database, row.id));
  });
};
