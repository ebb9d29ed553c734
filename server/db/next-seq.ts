import { compiledOnce } from './compiled-once';
import type { Executor } from './database';

// Built and compiled once per dialect (every event appended runs one).
const MAX_SEQ = {
  session_events: compiledOnce((exec, ownerId: string) =>
    exec
      .selectFrom('session_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('session_id', '=', ownerId),
  ),
  transaction_events: compiledOnce((exec, ownerId: string) =>
    exec
      .selectFrom('transaction_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('transaction_id', '=', ownerId),
  ),
} as const;

/** The next per-owner event number. Call while holding the owner's row lock, so numbers never collide. */
export const nextEventSeq = async (trx: Executor, table: keyof typeof MAX_SEQ, ownerId: string): Promise<number> => {
  const [row] = await MAX_SEQ[table](trx, ownerId);
  return Number((row?.seq as number | string | null | undefined) ?? 0) + 1;
};
