import type { RequestMeta } from '../app-context';
import type { Database, Executor } from '../db/database';
import { forUpdate } from '../db/tx';

/**
 * The resource an earlier request with this request's Idempotency-Key recorded, read inside the
 * caller's transaction with the key's row locked (PostgreSQL; SQLite has one writer), so two
 * attempts with one key cannot both miss it. Undefined without a key or before any change committed.
 */
export const recordedResource = async (
  trx: Executor,
  database: Database,
  meta: RequestMeta,
): Promise<string | undefined> => {
  const scope = meta.idempotency;
  if (!scope) return undefined;
  scope.replayed = false; // decided by this read: a job run again (a rolled-back batch, ADR 028) decides afresh
  const row = await forUpdate(
    database,
    trx
      .selectFrom('idempotency_keys')
      .select('resource_id')
      .where('account_id', '=', scope.accountId)
      .where('idem_key', '=', scope.key),
  ).executeTakeFirst();
  return row?.resource_id ?? undefined;
};

/** Tells the dispatcher the answer comes from an earlier request's change (header idempotent-replayed). */
export const markReplayed = (meta: RequestMeta): void => {
  if (meta.idempotency) meta.idempotency.replayed = true;
};

/** Records what this request created or moved on its key's row, in the caller's transaction (the one making the change). */
export const recordResource = async (trx: Executor, meta: RequestMeta, resourceId: string): Promise<void> => {
  const scope = meta.idempotency;
  if (!scope) return;
  await trx
    .updateTable('idempotency_keys')
    .set({ resource_id: resourceId })
    .where('account_id', '=', scope.accountId)
    .where('idem_key', '=', scope.key)
    .execute();
};

/**
 * THE guard of every idempotent state change (ADR 006): inside the transaction that makes the
 * change, runs `change` (which returns the id of what it created or moved) unless an earlier
 * request with the same Idempotency-Key already committed one; then that id comes back with
 * `replayed: true` and the caller answers from it. `stillValid` may reject a recorded resource
 * that did not take effect (a money operation the provider refused), so the change runs again.
 */
export const oncePerKey = async (
  trx: Executor,
  database: Database,
  meta: RequestMeta,
  change: () => Promise<string>,
  stillValid: (resourceId: string) => Promise<boolean> = async () => true,
): Promise<{ id: string; replayed: boolean }> => {
  const recorded = await recordedResource(trx, database, meta);
  if (recorded !== undefined && (await stillValid(recorded))) {
    markReplayed(meta);
    return { id: recorded, replayed: true };
  }
  const id = await change();
  await recordResource(trx, meta, id);
  return { id, replayed: false };
};
