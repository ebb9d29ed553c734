import type { Selectable } from 'kysely';
import type { Executor } from '../db/database';
import type { ApiClientsTable } from '../db/schema';
import { generateSecret, hashSecret, secretMatches } from './secret-hash';

/**
 * Compared against when no client has the id: a hash made like every generated secret's (same function,
 * same length), so an unknown client id costs the same hash and constant-time compare as a known one with a
 * generated secret, and the answer's timing does not tell which of those exist. A start-up client's secret
 * (chosen by a person) is a scrypt hash and takes longer: its id is the operator's configuration (ADR 043).
 */
const ABSENT_CLIENT_HASH = hashSecret(generateSecret());

export type SecretCompare = (secret: string, storedHash: string) => boolean | Promise<boolean>;

/**
 * The live (not deleted) client of `accountId` with this id and secret, or undefined. Every call runs exactly one
 * `compare` (the secret hash, or scrypt for a chosen secret, and timingSafeEqual), whether the client exists, belongs to another
 * account or not. `compare` is injectable for the test that counts it.
 */
export const verifyClientSecret = async (
  db: Executor,
  accountId: string,
  clientId: string,
  clientSecret: string,
  compare: SecretCompare = secretMatches,
): Promise<Selectable<ApiClientsTable> | undefined> => {
  const client = await db.selectFrom('api_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  const matches = await compare(clientSecret, client?.secret_hash ?? ABSENT_CLIENT_HASH);
  return client && matches && client.account_id === accountId && client.deleted_at === null ? client : undefined;
};
