import type { Kysely } from 'kysely';

/**
 * Issue 37 (item 1): the return from a customer action (3-D Secure, a wallet page, a payment app's page)
 * asks the provider once. The request that does it claims the waiting attempt first: `action_claim` (a
 * random id), the process that holds it (`action_claim_owner`, a `kassa_processes` boot id) and when
 * (`action_claimed_at`); every other request for the attempt waits for its outcome. A claim whose
 * process is gone or whose lease ran out is free again. A session cancel claims the attempt the same way
 * while it voids it at the provider (item 19).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('action_claim', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('action_claim_owner', 'text').execute();
  await db.schema.alterTable('transactions').addColumn('action_claimed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('action_claimed_at').execute();
  await db.schema.alterTable('transactions').dropColumn('action_claim_owner').execute();
  await db.schema.alterTable('transactions').dropColumn('action_claim').execute();
}
