import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { uuid } from '../shared/ids';

/**
 * The console sign-in's limits (ADR 033): wrong passwords within WINDOW_MINUTES, counted in the database (every
 * process, and across restarts) per e-mail (KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL) and per source address
 * (KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS). Each attempt is counted before its password is checked (two
 * attempts at once cannot both pass the last free one); the wrong password that reaches a limit, and every
 * attempt past it, is 429 with Retry-After. A right password takes its attempt back and clears its e-mail's count.
 */
export const WINDOW_MINUTES = 15;

export interface LoginAttempt {
  /** A wrong password: stays counted; throws 429 when that reached a limit. */
  failed(): Promise<void>;
  /** A right password: the e-mail's count starts again, the address's loses this attempt. */
  succeeded(): Promise<void>;
}

const tooMany = (retryAfter: number) =>
  new AppError('TOO_MANY_REQUESTS', 'Too many wrong sign-ins: wait a while and try again', {
    headers: { 'retry-after': String(retryAfter) },
  });

/** Counts one sign-in for `email` from `address`; 429 when either is already at its limit. */
export const reserveLoginAttempt = async (ctx: AppContext, email: string, address: string): Promise<LoginAttempt> => {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const since = new Date(now - WINDOW_MINUTES * 60_000).toISOString();
  const emailKey = `email:${email}`;
  const limits = [
    { key: emailKey, limit: ctx.env.KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL, id: uuid() },
    { key: `address:${address}`, limit: ctx.env.KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS, id: uuid() },
  ].filter((l) => l.limit > 0);
  const counted = await inTransaction(ctx.database, async (trx) => {
    await trx.deleteFrom('console_login_failures').where('created_at', '<', since).execute();
    const counts = [];
    for (const l of limits) {
      const rows = await trx
        .selectFrom('console_login_failures')
        .select('created_at')
        .where('key', '=', l.key)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .execute();
      counts.push({ ...l, count: rows.length, oldest: rows[0]?.created_at });
    }
    if (counts.some((c) => c.count >= c.limit)) return { refused: true, counts };
    if (limits.length)
      await trx
        .insertInto('console_login_failures')
        .values(limits.map((l) => ({ id: l.id, key: l.key, created_at: at })))
        .execute();
    return { refused: false, counts };
  });
  const retryAfter = (oldest: string | undefined) =>
    Math.max(1, Math.ceil((Date.parse(oldest ?? at) + WINDOW_MINUTES * 60_000 - Date.now()) / 1000));
  if (counted.refused) {
    const full = counted.counts.filter((c) => c.count >= c.limit);
    throw tooMany(Math.max(...full.map((c) => retryAfter(c.oldest))));
  }
  return {
    async failed() {
      const full = counted.counts.filter((c) => c.count + 1 >= c.limit);
      if (full.length) throw tooMany(Math.max(...full.map((c) => retryAfter(c.oldest))));
    },
    async succeeded() {
      await inTransaction(ctx.database, async (trx) => {
        await trx.deleteFrom('console_login_failures').where('key', '=', emailKey).execute();
        const ids = limits.map((l) => l.id);
        if (ids.length) await trx.deleteFrom('console_login_failures').where('id', 'in', ids).execute();
      });
    },
  };
};
