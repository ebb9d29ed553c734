import type { Database } from '../db/database';
import { inTransaction } from '../db/tx';
import { ALL_SCOPES } from '../auth/scopes';
import { hashChosenSecret, isChosenSecretHash, secretMatches } from '../auth/secret-hash';
import { DEFAULT_COST } from '../console/password-hash';
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
 * secret (idempotent: safe on every start, and rotates the secret if it changed). The secret is a person's
 * choice (KASSA_BOOTSTRAP_CLIENT_SECRET): stored as a scrypt hash, made before the transaction (off the event
 * loop, holding no lock), and kept as it is while it matches, so a start does not change it; a SHA-256 hash an
 * older version stored is replaced.
 */
export const ensureAccountClient = async (
  database: Database,
  spec: AccountClientSpec,
  /** scrypt's cost (log2 N) for the secret's hash: KASSA_CONSOLE_PASSWORD_COST. */
  cost = DEFAULT_COST,
): Promise<void> => {
  const stored = await database.db
    .selectFrom('api_clients')
    .select('secret_hash')
    .where('client_id', '=', spec.clientId)
    .executeTakeFirst();
  const current =
    stored && isChosenSecretHash(stored.secret_hash) && (await secretMatches(spec.clientSecret, stored.secret_hash));
  const secretHash = current ? stored.secret_hash : await hashChosenSecret(spec.clientSecret, cost);
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
      secret_hash: secretHash,
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
