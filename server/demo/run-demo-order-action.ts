import type { DemoOrderAction } from '../../domain/demo-orders';
import type { AppContext, RequestMeta } from '../app-context';
import { ALL_SCOPES, type Actor } from '../auth/scopes';
import { AppError } from '../errors/app-error';
import { captureTransaction } from '../payments';
import { refundTransaction } from '../payments';
import { voidTransaction } from '../payments';
import { isDemoOrder } from './demo-orders';
import { minorUnits } from '../../domain/money';

/**
 * The orders page's buttons, for the demo's own orders only, through the same use cases as the API: capture what is left of the
 * authorization, refund what is captured and not refunded, or void. Errors are the API's
 * (e.g. TRANSACTION_NOT_VOIDABLE).
 */
export const runDemoOrderAction = async (
  ctx: AppContext,
  accountId: string,
  transactionId: string,
  action: DemoOrderAction,
  meta: RequestMeta,
): Promise<void> => {
  const actor: Actor = { accountId, subject: 'demo-shop', scopes: [...ALL_SCOPES] };
  const tx = await ctx.database.db
    .selectFrom('transactions')
    .select(['amount', 'captured_amount', 'refunded_amount', 'voided_amount', 'session_id'])
    .where('id', '=', transactionId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  // only what the demo created: any other transaction, of this account or another, is unknown here (ADR 029)
  if (!tx || !tx.session_id || !(await isDemoOrder(ctx.database.db, accountId, tx.session_id)))
    throw new AppError('TRANSACTION_NOT_FOUND', 'No such order of the demo store');
  if (action === 'capture')
    await captureTransaction(
      ctx,
      actor,
      transactionId,
      { amount: minorUnits(Math.max(1, tx.amount - tx.captured_amount - tx.voided_amount)) },
      meta,
    );
  else if (action === 'refund')
    await refundTransaction(
      ctx,
      actor,
      transactionId,
      { amount: minorUnits(Math.max(1, tx.captured_amount - tx.refunded_amount)) },
      meta,
    );
  else await voidTransaction(ctx, actor, transactionId, {}, meta);
};
