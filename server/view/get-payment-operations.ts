import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import { lenderProblems } from '../sessions/lender-details';
import { amountDue, giftCardsPayAll } from '../../domain/express-order';
import { installmentPlans, type InstallmentPlan } from '../../domain/installment-plans';
import { abandonWaitingAttempt } from '../payments';
import { assertPayAttemptsLeft } from '../payments';
import { resolvePaymentMethods } from '../sessions/payment-methods';
import { assertOpenForView } from '../sessions/session-availability';
import { loadSession } from '../sessions/session-repository';

export interface PaymentOperations {
  operations: {
    rel: string;
    method: 'POST';
    href: string;
    content_type: 'application/json';
    product?: InstallmentPlan;
  }[];
  version: string;
}

export interface OperationsQuery {
  country?: string;
  organization_number?: string;
  force_new?: 'true';
}

/**
 * What the page does to pay with a payment type: one POST of the payment to
 * `/v1/sessions/{id}/pay` (for part payment, one per plan, each with its `product`). A type the
 * session does not enable is 400; so are missing or wrong customer details for invoice and part payment.
 */
export const getPaymentOperations = async (
  ctx: AppContext,
  sessionId: string,
  paymentType: string,
  query: OperationsQuery,
  baseUrl: string,
): Promise<PaymentOperations> => {
  // the page learns of the limit before the customer types a card (checked before force_new changes anything)
  await assertPayAttemptsLeft(ctx.database.db, ctx.env, sessionId);
  if (query.force_new === 'true') await abandonWaitingAttempt(ctx, sessionId);
  const session = await loadSession(ctx.database.db, ctx.database, sessionId);
  assertOpenForView(session);
  const enabled = giftCardsPayAll(session.order)
    ? ctx.providers.products().flatMap((p) => (p.kind === 'gift_cards' ? [p.type, ...(p.aliases ?? [])] : []))
    : resolvePaymentMethods(ctx.providers, session.account_id, session.configuration).map(
        (m) => m.payment_product_type,
      );
  if (!enabled.includes(paymentType)) {
    throw new AppError('PAYMENT_PRODUCT_NOT_ENABLED', `${paymentType} is not available for this session`, {
      errors: [{ path: 'payment_product_type', message: `one of ${enabled.join(', ')}` }],
    });
  }
  const kind = ctx.providers.product(paymentType)?.kind;
  const problems = kind === 'invoice' || kind === 'installment' ? lenderProblems(query) : []; // a credit decision: the shopper's details
  if (problems.length > 0)
    throw new AppError('INVALID_REQUEST', 'The details for this payment type are not valid', { errors: problems });
  const operation = {
    rel: `pay-${paymentType.replace('.', '-')}`,
    method: 'POST' as const,
    href: `${baseUrl}/v1/sessions/${encodeURIComponent(session.id)}/pay`,
    content_type: 'application/json' as const,
  };
  const operations =
    kind === 'installment'
      ? installmentPlans(amountDue(session.order), session.currency).map((product) => ({ ...operation, product }))
      : [operation];
  return { operations, version: String(session.version) };
};
