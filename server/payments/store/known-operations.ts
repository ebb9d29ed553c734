import type { Executor } from '../../db/database';
import { parseOptionalJson } from '../../shared/json-columns';

/**
 * The operation ids of a transaction that Kassa has booked or holds (its own operations, except those it
 * released as never done) and the provider's operations sync_status booked before (ADR 036). Read under
 * the transaction's row lock, so two syncs cannot book one operation twice.
 */
export const knownOperationIds = async (trx: Executor, transactionId: string): Promise<Set<string>> => {
  const own = await trx
    .selectFrom('transaction_operations')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', 'RELEASED')
    .execute();
  const synced = await trx
    .selectFrom('transaction_events')
    .select('details')
    .where('transaction_id', '=', transactionId)
    .where('details', 'like', '%provider_operation_id%')
    .execute();
  const ids = new Set(own.map((o) => o.id));
  for (const { details } of synced) {
    const id = parseOptionalJson<{ provider_operation_id?: unknown }>(details)?.provider_operation_id;
    if (typeof id === 'string') ids.add(id);
  }
  return ids;
};
