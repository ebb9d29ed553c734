import type { Insertable } from 'kysely';
import type { Database } from '../db/database';
import type { IdempotencyKeysTable } from '../db/schema';
import type { IdempotentRequest } from './idempotency-store';
import { settleLater } from './unsettled-claims';

/**
 * The owner of an abandoned claim: no process has this boot id, so `ownerIsGone` holds for it and
 * the next request with the key takes the claim over at once (ADR 006, ADR 045).
 */
export const ABANDONED_OWNER = 'abandoned';

/**
 * A claim's insert that failed because the database could not be reached (issue 37 item 21, ADR
 * 045) may still be run by the database later: a server that was silent (a frozen host, a
 * partition) runs what waited in its socket buffer once it speaks again, after the request
 * answered 503. Left alone, that claim would be IN_PROGRESS, owned by this live process, and
 * answer 409 for its ten-minute lease. So the request writes the claim's abandonment, retried
 * until the database answers: an upsert on the key's primary key that either converts our late
 * claim (same `created_at`, still ours, nothing committed) or, when it is not there yet, puts the
 * abandoned record in its place so that the late insert (`on conflict do nothing`) changes
 * nothing. PostgreSQL orders the two on the primary key, so either way the key ends free. The
 * write is kept until the lease ends and written again by any request of this process that meets
 * the claim still ours (the one order it cannot close on its own: a take-over that deletes the
 * abandoned record while the late insert is still in flight).
 */
export const abandonClaim = (
  database: Database,
  req: IdempotentRequest,
  claim: Insertable<IdempotencyKeysTable> & { created_at: string },
  leaseEnds: number,
): void => {
  const { created_at: createdAt, owner_boot_id: owner } = claim;
  const write = async () => {
    await database.db
      .insertInto('idempotency_keys')
      .values({ ...claim, owner_boot_id: ABANDONED_OWNER })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'idem_key'])
          .doUpdateSet({ owner_boot_id: ABANDONED_OWNER })
          .where('idempotency_keys.created_at', '=', createdAt)
          .where('idempotency_keys.request_hash', '=', req.requestHash)
          .where('idempotency_keys.status', '=', 'IN_PROGRESS')
          .where('idempotency_keys.resource_id', 'is', null)
          .where('idempotency_keys.owner_boot_id', owner == null ? 'is' : '=', owner ?? null),
      )
      .execute();
  };
  settleLater(database, req, createdAt, leaseEnds, write, true);
};
