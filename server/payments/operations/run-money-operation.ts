import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { getTransactionJson } from '../transactions/get-transaction';
import { unitOfWork } from '../unit-of-work';
import { markAsync, releaseOperation, settleOperation } from './operation-steps';
import { reserveOperation, type MoneyOperationRequest } from './reserve-operation';

export type { MoneyOperationRequest } from './reserve-operation';

export interface MoneyOperationResult {
  /** The transaction's view after the operation, as JSON text (transaction-view-json.ts). */
  json: string;
  /** Set when the provider accepted the operation for later (answer 202 with event-request-id). */
  eventRequestId?: string;
}

const read = async (ctx: AppContext, actor: Actor, transactionId: string, eventRequestId?: string): Promise<MoneyOperationResult> => ({
  json: await getTransactionJson(ctx, actor, transactionId),
  ...(eventRequestId ? { eventRequestId } : {}),
});

/**
 * THE pipeline of capture, refund, void and session cancel's void, safe under any interleaving (ADR 004, ADR 032):
 *  1. one unit of work holding the row lock validates, decides with the pure rules and RESERVES the amount,
 *     recording the operation and the Idempotency-Key's resource (reserve-operation.ts);
 *  2. the provider of the transaction's product is called with no database transaction open;
 *  3. one unit of work settles the reservation, with its event and callback (or releases it if the
 *     provider failed, or marks it for later: operation-steps.ts). What the provider accepts for later
 *     stays reserved until the operations worker settles it.
 * A repeated reference or key with the same request replays the first result and moves no more money.
 */
export const runMoneyOperation = async (ctx: AppContext, actor: Actor, req: MoneyOperationRequest, meta: RequestMeta): Promise<MoneyOperationResult> => {
  const reserved = await unitOfWork(ctx, meta, (uow) => reserveOperation(uow, actor, req, meta));
  if ('replay' in reserved) return read(ctx, actor, req.transactionId, reserved.replay);

  const { operationId, productType, accountId, currency } = reserved;
  const call = { accountId, productType, transactionId: req.transactionId, operationId, amount: reserved.amount, currency };
  let outcome;
  try {
    const provider = ctx.providers.providerFor(productType);
    outcome = req.operation === 'CAPTURE' ? await provider.capture(call) : req.operation === 'REFUND' ? await provider.refund(call) : await provider.void(call);
  } catch (error) {
    await releaseOperation(ctx, operationId);
    throw error;
  }
  if (outcome === 'PENDING') return read(ctx, actor, req.transactionId, await markAsync(ctx, operationId));
  await settleOperation(ctx, operationId);
  return read(ctx, actor, req.transactionId);
};
