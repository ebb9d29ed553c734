import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { giftCardsPayAll } from '../../domain/express-order';
import { resolvePaymentMethods } from '../sessions/payment-methods';
import { assertOpenForView } from '../sessions/session-availability';
import { loadSession } from '../sessions/session-repository';

export interface PaymentOperations {
  operations: { rel: string; method: 'POST'; href: string; content_type: 'application/json' }[];
  version: string;
}

/**
 * What the page does to pay with a payment type: for the sandbox types and gift cards, one POST of the
 * payment to `/v1/sessions/{id}/pay`. A type the session does not enable is 400.
 */
export const getPaymentOperations = async (ctx: AppContext, sessionId: string, paymentType: string, baseUrl: string): Promise<PaymentOperations> => {
  const session = await loadSession(ctx.database.db, ctx.database, sessionId);
  assertOpenForView(session);
  const enabled = giftCardsPayAll(session.order) ? ['kassa.wallets', 'dintero.wallets'] : resolvePaymentMethods(session.account_id, session.configuration).map((m) => m.payment_product_type);
  if (!enabled.includes(paymentType)) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not available for this session`, { errors: [{ path: 'payment_product_type', message: `one of ${enabled.join(', ')}` }] });
  }
  return {
    operations: [{ rel: `pay-${paymentType.replace('.', '-')}`, method: 'POST', href: `${baseUrl}/v1/sessions/${encodeURIComponent(session.id)}/pay`, content_type: 'application/json' }],
    version: String(session.version),
  };
};
