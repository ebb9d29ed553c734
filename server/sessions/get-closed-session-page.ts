import type { AppContext } from '../app-context';
import { transactionReceipt } from '../payments';
import { accountName, viewMerchant, viewTheme } from './get-view-session';
import { ownProductsFor, resolveViewPaymentMethods } from './payment-methods';
import type { SessionRecord } from './session-repository';
import type { CheckoutReceipt, ClosedSessionPage, UnavailableCause } from '../../domain/view-types';

const firstText = (...values: unknown[]): string | undefined =>
  values.find((v): v is string => typeof v === 'string' && v.length > 0);

/**
 * What the checkout page shows of a session that can no longer be paid (issue 28): the merchant's name, logo
 * and colours, and for a paid session its receipt (amount, method, the card's brand and last four digits, when,
 * and the e-mail given for the order), from the session the page's render already read (server/pages); the
 * view API's 404 stays as it is. Undefined for a session the page may not show (merchant-initiated, or of an
 * unknown account).
 */
export const getClosedSessionPage = async (
  ctx: AppContext,
  row: SessionRecord,
  cause: UnavailableCause,
): Promise<ClosedSessionPage | undefined> => {
  if (row.kind === 'MERCHANT_INITIATED') return undefined;
  const [account] = await accountName(ctx.database.db, row.account_id);
  if (!account) return undefined;
  const page: ClosedSessionPage = { merchant: viewMerchant(row, account), theme: viewTheme(row.configuration.theme) };
  const paid = cause === 'AUTHORIZED' || cause === 'ON_HOLD';
  const transaction =
    paid && row.transaction_id ? await transactionReceipt(ctx.database.db, row.transaction_id, row.id) : undefined;
  if (!transaction) return page;
  const { payment_methods } = resolveViewPaymentMethods(
    ctx.providers,
    row.account_id,
    row.configuration,
    undefined,
    await ownProductsFor(ctx.providers, row.account_id, row.configuration),
  );
  const type = transaction.payment_product_type;
  const email = firstText(row.order.shipping_address?.email, row.order.billing_address?.email, row.customer?.email);
  const receipt: CheckoutReceipt = {
    amount: transaction.amount,
    currency: transaction.currency,
    paid_at: transaction.created_at,
    method: payment_methods.find((m) => m.payment_product_type === type) ?? { payment_product_type: type, name: type },
    ...(transaction.card ? { card: transaction.card } : {}),
    ...(email ? { email } : {}),
  };
  return { ...page, receipt };
};
