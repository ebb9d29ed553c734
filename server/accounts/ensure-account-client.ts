import type { Database } from '../db/database';
import { inTransaction } from '../db/tx';
import { ALL_SCOPES } from '../auth/scopes';
import { hashSecret } from '../auth/secret-hash';
import { nowIso } from '../shared/clock';
import { uuid } from '../shared/ids';

export interface AccountClientSpec {
  accountId: string;
  accountName: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Makes sure the account and its client exist with every scope and the given
 * secret (idempotent: safe on every start, and rotates the secret if it changed).
 */
export const ensureAccountClient = async (database: Database, spec: AccountClientSpec): Promise<void> => {
  await inTransaction(database, async (trx) => {
    const now = nowIso();
    await trx
      .insertInto('accounts')
      .values({ id: spec.accountId, name: spec.accountName, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const existing = await trx
      .selectFrom('api_clients')
      .selectAll()
      .where('client_id', '=', spec.clientId)
      .executeTakeFirst();
    const values = {
      account_id: spec.accountId,
      secret_hash: hashSecret(spec.clientSecret),
      scopes: JSON.stringify(ALL_SCOPES),
    };
    // a start-up client deleted through the API is made again: the configuration says it exists
    if (existing) {
      await trx
        .updateTable('api_clients')
        .set({ ...values, deleted_at: null, deleted_by: null })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('api_clients')
        .values({ id: uuid(), client_id: spec.clientId, name: spec.clientId, created_at: now, ...values })
        .execute();
    }
  });
};
