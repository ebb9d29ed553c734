import type { AppContext, RequestMeta } from '../../app-context';
import { unitOfWork } from '../unit-of-work';
import { AppError } from '../../errors/app-error';
import type { PayableSession } from '../payable-sessions';
import { runMoneyOperation } from './run-money-operation';
import { itemsSumMismatch } from '../../../domain/transaction-state';
import { minorUnits } from '../../../domain/money';
import { appendTransactionEvent, loadTransaction } from '../store/transaction-repository';

const SYSTEM = 'auto_capture';

/**
 * `configuration.auto_capture`: right after an authorization the server captures the whole amount
 * (all order lines for item-based types), with `order.event_reference` as the capture reference.
 * If the provider fails, the transaction stays AUTHORIZED and a failed CAPTURE event says why and
 * whether a retry (a manual capture) can succeed.
 */
export const autoCaptureIfConfigured = async (
  ctx: AppContext,
  session: PayableSession,
  transactionId: string,
  meta: RequestMeta,
): Promise<void> => {
  if (session.configuration.auto_capture !== true) return;
  const order = session.order;
  const actor = { accountId: session.account_id, subject: SYSTEM, scopes: [] };
  const tx = await loadTransaction(ctx.database.db, ctx.database, transactionId, session.account_id);
  const items = order.items
    ?.filter((i) => i.amount > 0)
    .map((i) => ({ line_id: i.line_id, amount: minorUnits(i.amount) }));
  try {
    await runMoneyOperation(
      ctx,
      actor,
      {
        transactionId,
        operation: 'CAPTURE',
        amount: tx.amount,
        items: items?.length && !itemsSumMismatch(items, tx.amount) ? items : undefined,
        reference: order.event_reference,
        details: { auto_capture: true, ...(order.event_reference ? { capture_reference: order.event_reference } : {}) },
      },
      meta,
    );
  } catch (e) {
    const code = e instanceof AppError ? e.code : 'INTERNAL';
    await unitOfWork(ctx, undefined, async ({ trx }) => {
      await loadTransaction(trx, ctx.database, transactionId, session.account_id, true);
      await appendTransactionEvent(trx, transactionId, {
        event: 'CAPTURE',
        success: false,
        amount: tx.amount,
        createdBy: SYSTEM,
        requestId: meta.requestId,
        error: { code, message: e instanceof AppError ? e.message : 'The automatic capture failed' },
        details: {
          auto_capture: true,
          retry_policy: {
            retryable: code === 'PROVIDER_UNAVAILABLE' || code === 'OPERATION_IN_PROGRESS',
            action: 'capture manually',
          },
        },
      });
    });
  }
};
