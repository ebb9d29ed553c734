import type { AppContext } from '../../app-context';
import { isAppError } from '../../errors/app-error';
import { failOperation, releaseOperation, settleOperation } from './operation-steps';
import type { OperationStatus } from '../../providers/port';
import { rethrow, runPipeline } from '../pipeline';
import { isHeldHere, orphaned } from '../../idempotency/work-in-flight';
import { approvedPaymentOf } from '../store/provider-data';
import { parseJson } from '../../shared/json-columns';

/** An UNRESOLVED operation whose provider says it never received it is failed after this long (its request cannot still be on its way). */
const STALE_PENDING_MS = 30_000;
/**
 * A PENDING operation written this long ago is taken over whoever names it (rows of no known owner, a
 * process that runs no operations worker): far beyond the longest provider call (a payment app's 30 s).
 */
export const ORPHANED_OPERATION_MS = 120_000;

type Open = {
  id: string;
  status: string;
  updated_at: string;
  account_id: string;
  transaction_id: string;
  payment_product_type: string;
  provider_reference: string | null;
  provider_data: string | null;
};

/**
 * What the provider's status means for an operation, by what Kassa knows of it: DONE settles it; FAILED
 * (accepted, then not done) releases it with a failed event; UNKNOWN (the provider never received it)
 * releases a PENDING one nobody works on any more (its process died, or its request gave up with a
 * 503: no one was answered that it moved money), and fails an UNRESOLVED one (its
 * answer never came, the merchant got a 202) once it is old enough that the request cannot still be on
 * its way; PENDING waits. An ASYNC operation the provider said it accepted is never released on UNKNOWN.
 */
const resolve = async (ctx: AppContext, op: Open, status: OperationStatus, staleBefore: string) => {
  if (status === 'DONE') await settleOperation(ctx, op.id);
  else if (status === 'FAILED') await failOperation(ctx, op.id, 'FAILED');
  else if (status === 'UNKNOWN' && op.status === 'PENDING') await releaseOperation(ctx, op.id);
  else if (status === 'UNKNOWN' && op.status === 'UNRESOLVED' && op.updated_at < staleBefore)
    await failOperation(ctx, op.id, 'UNKNOWN');
  return status === 'DONE';
};

/**
 * Background step of money operations: settles operations the provider accepted for later (202, ASYNC)
 * or whose answer never came (202, UNRESOLVED, ADR 041) once it reports them done, and reconciles
 * operations whose server died mid-way (`resolve`). Each operation is the last steps of the one
 * pipeline (pipeline.ts): call = the provider's status, settle = settle or release. A provider that
 * cannot be asked (PROVIDER_UNAVAILABLE) is asked again at the next turn and holds up nothing else (its
 * operations stay reserved, counted by kassa_pending_money_operations); any other error fails the step
 * after the other operations were tried.
 */
export const completePendingOperations = async (ctx: AppContext, limit = 50): Promise<number> => {
  const staleBefore = new Date(Date.now() - STALE_PENDING_MS).toISOString();
  // Two queries, so operations that stay pending at their provider for long (ASYNC, UNRESOLVED) never
  // keep a PENDING one that nobody works on any more from being reconciled, nor the other way round.
  const open = ctx.database.db
    .selectFrom('transaction_operations as op')
    .innerJoin('transactions as tx', 'tx.id', 'op.transaction_id')
    .select([
      'op.id',
      'op.status',
      'op.updated_at',
      'op.account_id',
      'op.transaction_id',
      'tx.payment_product_type',
      'tx.provider_reference',
      'tx.provider_data',
    ])
    .orderBy('op.updated_at')
    .limit(limit);
  // PENDING: its process died (heartbeat) or it is ours and no request holds it any more (ADR 047).
  const pending = await open
    .leftJoin('kassa_processes as p', 'p.boot_id', 'op.owner_boot_id')
    .where('op.status', '=', 'PENDING')
    .where(
      orphaned(
        ctx.database,
        {
          id: 'op.id',
          owner: 'op.owner_boot_id',
          ownerRow: 'p.boot_id',
          ownerHeartbeat: 'p.heartbeat_at',
          writtenAt: 'op.updated_at',
        },
        new Date(Date.now() - ORPHANED_OPERATION_MS).toISOString(),
      ),
    )
    .execute();
  const ops = [
    ...pending.filter((op) => !isHeldHere(ctx.database, op.id)),
    ...(await open.where('op.status', 'in', ['ASYNC', 'UNRESOLVED']).execute()),
  ];
  let settled = 0;
  const errors: unknown[] = [];
  for (const op of ops) {
    const productType = op.payment_product_type;
    const done = await runPipeline<Open, OperationStatus, boolean>({
      reserve: async () => ({ reserved: op }), // reserved when the operation was asked for
      call: () =>
        ctx.providers.providerFor(productType).operationStatus({
          accountId: op.account_id,
          productType,
          operationId: op.id,
          transactionId: op.transaction_id,
          ...approvedPaymentOf({
            provider_reference: op.provider_reference,
            ...(op.provider_data ? { provider_data: parseJson<Record<string, unknown>>(op.provider_data) } : {}),
          }),
        }),
      failed: rethrow,
      settle: (_op, status) => resolve(ctx, op, status, staleBefore),
    }).catch((e: unknown) => {
      if (!isAppError(e) || e.code !== 'PROVIDER_UNAVAILABLE') errors.push(e);
      return false;
    });
    if (done) settled++;
  }
  if (errors.length > 0)
    throw new AggregateError(errors, `${errors.length} of ${ops.length} pending operations could not be resolved`);
  return settled;
};
