import type { Executor } from '../db/database';
import type { AccountSequenceColumn } from './terminals-tables';

/**
 * The account's next number for `name` (1, 2, 3, ...), taken inside the caller's transaction: one
 * upsert that either starts the counter or adds one to it. On PostgreSQL the upsert locks the
 * counter row until the caller commits, so concurrent creations queue on it and never get the same
 * number; SQLite has one writer. A rolled-back creation gives its number back.
 */
export const nextAccountSeq = async (
  trx: Executor,
  accountId: string,
  name: AccountSequenceColumn,
): Promise<number> => {
  const row = await trx
    .insertInto('account_sequences')
    .values({ account_id: accountId, name, value: 1 })
    .onConflict((oc) =>
      oc.columns(['account_id', 'name']).doUpdateSet((eb) => ({ value: eb('account_sequences.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
};

/** `T12345678` and 7 give `T12345678-0007` (stores; terminals add their `T`): four digits, more past 9999. */
export const sequencedId = (accountId: string, infix: string, seq: number): string =>
  `${accountId}-${infix}${String(seq).padStart(4, '0')}`;
