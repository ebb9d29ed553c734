import type { AppContext } from '../app-context';
import type { OutboxStatusColumn } from '../db/schema';
import { inTransaction } from '../db/tx';
import { LIMIT_WINDOW_SECONDS } from '../shared/window-limit';

/** Rows deleted per table and round; the poller runs again at once while a round deleted something. */
export const PURGE_BATCH = 200;
const FINAL_OUTBOX: readonly OutboxStatusColumn[] = ['DELIVERED', 'FAILED'];

export interface PurgeOptions {
  /** Default: KASSA_RETENTION_DAYS. */
  retentionDays?: number;
  batchSize?: number;
  now?: Date;
}

/**
 * Retention (README, ARCHITECTURE): deletes, in bounded batches,
 *  - COMPLETED idempotency records past `expires_at` (48 h after creation, ADR 006); an
 *    IN_PROGRESS claim is never deleted (the next request with its key takes it over);
 *  - DELIVERED and FAILED outbox rows (and their `callback_attempts`) that became final more than
 *    the retention ago; a PENDING row is never deleted;
 *  - the abuse-limit counters once they count for nothing (issue 24): wrong gift-card tries older than
 *    their hour, and the view-write counts of sessions that have expired (a live session's count towards
 *    its event budget for its whole life).
 * Safe with several processes: every delete re-checks its condition, so a record renewed or a
 * callback retried meanwhile is kept, and deleting what another process deleted changes nothing;
 * on PostgreSQL the outbox batch is locked with SKIP LOCKED, so two purges take different rows.
 * Returns how many rows it deleted.
 */
export const purgeExpiredRows = async (ctx: AppContext, opts: PurgeOptions = {}): Promise<number> => {
  const { database } = ctx;
  const now = (opts.now ?? new Date()).toISOString();
  const batch = opts.batchSize ?? PURGE_BATCH;
  const cutoff = new Date(
    Date.parse(now) - (opts.retentionDays ?? ctx.env.KASSA_RETENTION_DAYS) * 86_400_000,
  ).toISOString();

  const keys = await database.db
    .selectFrom('idempotency_keys')
    .select(['account_id', 'idem_key'])
    .where('expires_at', '<', now)
    .where('status', '=', 'COMPLETED')
    .limit(batch)
    .execute();
  const deletedKeys =
    keys.length === 0
      ? 0
      : await inTransaction(database, async (trx) => {
          let n = 0;
          for (const k of keys) {
            const r = await trx
              .deleteFrom('idempotency_keys')
              .where('account_id', '=', k.account_id)
              .where('idem_key', '=', k.idem_key)
              .where('expires_at', '<', now)
              .where('status', '=', 'COMPLETED')
              .executeTakeFirst();
            n += Number(r.numDeletedRows);
          }
          return n;
        });

  const deletedOutbox = await inTransaction(database, async (trx) => {
    const due = trx
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', FINAL_OUTBOX)
      .where('updated_at', '<', cutoff)
      .limit(batch);
    const ids = (await (database.engine === 'postgres' ? due.forUpdate().skipLocked() : due).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return 0;
    await trx.deleteFrom('callback_attempts').where('outbox_id', 'in', ids).execute();
    const r = await trx
      .deleteFrom('outbox')
      .where('id', 'in', ids)
      .where('status', 'in', FINAL_OUTBOX)
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });
  const windowStart = new Date(Date.parse(now) - LIMIT_WINDOW_SECONDS * 1000).toISOString();
  const attempts = await database.db
    .selectFrom('gift_card_attempts')
    .select('id')
    .where('created_at', '<', windowStart)
    .limit(batch)
    .execute();
  const expired = database.db.selectFrom('sessions').select('id').where('expires_at', '<', now);
  const writes = await database.db
    .selectFrom('session_view_writes')
    .select('id')
    .where('session_id', 'in', expired)
    .limit(batch)
    .execute();
  const deletedAttempts = await deleteIds(ctx, 'gift_card_attempts', attempts);
  const deletedWrites = await deleteIds(ctx, 'session_view_writes', writes);
  return deletedKeys + deletedOutbox + deletedAttempts + deletedWrites;
};

/** Deletes a batch of counter rows chosen by their condition; another process deleting them first changes nothing. */
const deleteIds = async (
  ctx: AppContext,
  table: 'gift_card_attempts' | 'session_view_writes',
  rows: { id: string }[],
) => {
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  return Number((await ctx.database.db.deleteFrom(table).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
};
