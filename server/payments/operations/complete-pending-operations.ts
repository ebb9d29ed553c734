import type { AppContext } from '../../app-context';
import { failOperation, releaseOperation, settleOperation } from './operation-steps';
import type { OperationStatus } from '../../providers/port';
import { rethrow, runPipeline } from '../pipeline';

/** A synchronous operation still PENDING after this long lost its process between provider call and settlement. */
const STALE_PENDING_MS = 30_000;

/**
 * Background step of money operations: settles operations the provider accepted for later (202)
 * once it reports them done, and reconciles operations whose server died mid-way: done at the
 * provider → settled; failed there after it was accepted → released with a failed event; never
 * reached it → reservation released. Each operation is the last steps of
 * the one pipeline (pipeline.ts): call = the provider's status, settle = settle or release.
 */
export const completePendingOperations = async (ctx: AppContext, limit = 50): Promise<number> => {
  const staleBefore = new Date(Date.now() - STALE_PENDING_MS).toISOString();
  const ops = await ctx.database.db
    .selectFrom('transaction_operations as op')
    .innerJoin('transactions as tx', 'tx.id', 'op.transaction_id')
    .select(['op.id', 'op.status', 'op.account_id', 'tx.payment_product_type'])
    .where((eb) =>
      eb.or([
        eb('op.status', '=', 'ASYNC'),
        eb.and([eb('op.status', '=', 'PENDING'), eb('op.updated_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('op.updated_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const op of ops) {
    const productType = op.payment_product_type;
    const done = await runPipeline<typeof op, OperationStatus, boolean>({
      reserve: async () => ({ reserved: op }), // reserved when the operation was asked for
      call: () =>
        ctx.providers
          .providerFor(productType)
          .operationStatus({ accountId: op.account_id, productType, operationId: op.id }),
      failed: rethrow,
      async settle(_op, status) {
        if (status === 'DONE') await settleOperation(ctx, op.id);
        else if (status === 'FAILED')
          await failOperation(ctx, op.id); // accepted, then not done: nothing moved
        else if (status === 'UNKNOWN' && op.status === 'PENDING') await releaseOperation(ctx, op.id); // never reached the provider
        return status === 'DONE';
      },
    });
    if (done) settled++;
  }
  return settled;
};
