import { sql } from 'kysely';
import type { Database, Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';

/**
 * Wrong sign-ins counted in the database (every process, across restarts; migration 0034, ADR 043), for the
 * console's password sign-in and the demo back office's login. An attempt counts in its own keys (per
 * address, per (who, address)) and in a ceiling per `who` from every address, which an address that signed in
 * for `who` lately passes (`good_addresses`), so many attacking addresses do not lock the owner out.
 *
 * Each key is a row raised by one conditional upsert (a new window once the old one is over), all of an
 * attempt's keys in one transaction in a fixed order: on PostgreSQL the upsert locks the row, so concurrent
 * attempts are counted one after another; an attempt past a limit rolls its transaction back (it counts
 * nowhere) and is 429 with Retry-After. The attempt is counted before its secret is checked.
 */
export interface CountedKey {
  key: string;
  /** 0: no limit (the key is not counted). */
  limit: number;
  /** The 429's message. */
  refusal: string;
}

export interface SignInLimits {
  own: CountedKey[];
  /** Passed by an address remembered under `goodKey`. */
  ceiling: CountedKey;
  goodKey: string;
  windowMs: number;
  /** How long an address that signed in passes the ceiling. */
  rememberMs: number;
}

export interface SignInAttempt {
  /** This attempt took the last slot of one of its keys: the caller may refuse it now (as the console does). */
  reached?: { refusal: string; retryAfter: number };
  /** The secret was right: the attempt is taken back, `clear` keys start again, the address is remembered. */
  succeeded(clear?: string[]): Promise<void>;
  /** The attempt ended before its secret was judged (the database failed): it is taken back. */
  notCounted(): Promise<void>;
}

const retryAfter = (endsAt: string, now: number) => Math.max(1, Math.ceil((Date.parse(endsAt) - now) / 1000));
const tooMany = (refusal: string, wait: number) =>
  new AppError('TOO_MANY_REQUESTS', refusal, { headers: { 'retry-after': String(wait) } });

class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** Raises `key`'s count by one (a new window when its window is over); answers the count and the window's end. */
const countOne = (trx: Executor, key: string, now: string, ends: string) =>
  trx
    .insertInto('attempt_counters')
    .values({ key, count: 1, window_ends_at: ends })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when attempt_counters.window_ends_at <= ${now} then 1 else attempt_counters.count + 1 end`,
        window_ends_at: sql<string>`case when attempt_counters.window_ends_at <= ${now} then ${ends} else attempt_counters.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();

/** Until when (ms) the address under `goodKey` passes the ceiling, when it signed in lately. */
export const goodAddressUntil = async (database: Database, goodKey: string, at = Date.now()) => {
  const row = await database.db
    .selectFrom('good_addresses')
    .select('until')
    .where('key', '=', goodKey)
    .where('until', '>', new Date(at).toISOString())
    .executeTakeFirst();
  return row ? Date.parse(row.until) : undefined;
};

/** Remembers the address under `goodKey` for `rememberMs`, and forgets a few that are over. */
export const rememberGoodAddress = async (database: Database, goodKey: string, rememberMs: number, at = Date.now()) => {
  const now = new Date(at).toISOString();
  const until = new Date(at + rememberMs).toISOString();
  await database.db
    .insertInto('good_addresses')
    .values({ key: goodKey, until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ until }))
    .execute();
  const over = database.db.selectFrom('good_addresses').select('key').where('until', '<', now).limit(20);
  await database.db.deleteFrom('good_addresses').where('key', 'in', over).execute();
};

/** Counts one attempt in every key of `limits` (the ceiling unless the address is remembered), or throws 429. */
export const reserveSignInAttempt = async (
  database: Database,
  limits: SignInLimits,
  at = Date.now(),
): Promise<SignInAttempt> => {
  const now = new Date(at).toISOString();
  const ends = new Date(at + limits.windowMs).toISOString();
  const passes = (await goodAddressUntil(database, limits.goodKey, at)) !== undefined;
  const keys = [...limits.own, ...(passes ? [] : [limits.ceiling])]
    .filter((k) => k.limit > 0)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // one order: no deadlock between attempts
  let counted: { taken: { key: string; windowEndsAt: string }[]; reached?: SignInAttempt['reached'] };
  try {
    counted = await inTransaction(database, async (trx) => {
      const taken = [];
      let reached: SignInAttempt['reached'];
      for (const k of keys) {
        const row = await countOne(trx, k.key, now, ends);
        const wait = retryAfter(row.window_ends_at, at);
        if (row.count > k.limit) throw new Refused(tooMany(k.refusal, wait));
        if (row.count === k.limit && !reached) reached = { refusal: k.refusal, retryAfter: wait };
        taken.push({ key: k.key, windowEndsAt: row.window_ends_at });
      }
      return { taken, reached };
    });
  } catch (e) {
    throw e instanceof Refused ? e.error : e;
  }
  const { taken, reached } = counted;
  const over = database.db.selectFrom('attempt_counters').select('key').where('window_ends_at', '<', now).limit(10);
  await database.db.deleteFrom('attempt_counters').where('key', 'in', over).execute();
  const giveBack = () =>
    inTransaction(database, async (trx) => {
      for (const t of taken)
        await trx
          .updateTable('attempt_counters')
          .set({ count: sql<number>`count - 1` })
          .where('key', '=', t.key)
          .where('window_ends_at', '=', t.windowEndsAt)
          .where('count', '>', 0)
          .execute();
    });
  return {
    ...(reached ? { reached } : {}),
    notCounted: giveBack,
    async succeeded(clear = []) {
      await giveBack();
      if (clear.length) await database.db.deleteFrom('attempt_counters').where('key', 'in', clear).execute();
      await rememberGoodAddress(database, limits.goodKey, limits.rememberMs);
    },
  };
};

/** The 429 for an attempt that took the last slot of a key. */
export const reachedLimit = (reached: NonNullable<SignInAttempt['reached']>): AppError =>
  tooMany(reached.refusal, reached.retryAfter);
