import { sql } from 'kysely';
import type { Executor } from './database';

const OWNER_COLUMN = { session_events: 'session_id', transaction_events: 'transaction_id' } as const;

/** The next per-owner event number. Call while holding the owner's row lock, so numbers never collide. */
export const nextEventSeq = async (trx: Executor, table: keyof typeof OWNER_COLUMN, ownerId: string): Promise<number> => {
  const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from ${sql.table(table)} where ${sql.ref(OWNER_COLUMN[table])} = ${ownerId}`.execute(trx);
  return Number(rows[0]?.seq ?? 0) + 1;
};
