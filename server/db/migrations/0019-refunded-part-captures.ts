import { sql, type Kysely } from 'kysely';

/**
 * A part capture refunded in full was stored as `REFUNDED` although the rest of its authorization
 * could still be captured (and a later capture moved it back to `PARTIALLY_REFUNDED`). The status
 * rule (`statusFromAmounts`) now says `PARTIALLY_CAPTURED_REFUNDED` until nothing is left to
 * capture; the rows stored under the old rule are corrected here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update transactions set status = 'PARTIALLY_CAPTURED_REFUNDED'
    where status = 'REFUNDED' and captured_amount + voided_amount < amount`.execute(db);
}

/** The old rule's status, for the rows it would have given it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update transactions set status = 'REFUNDED'
    where status = 'PARTIALLY_CAPTURED_REFUNDED' and refunded_amount = captured_amount`.execute(db);
}
