import type { AppContext } from '../app-context';
import { reachedLimit, reserveSignInAttempt } from '../auth/sign-in-limits';

/**
 * The console sign-in's limits (ADR 033, amended by ADR 043): wrong passwords within WINDOW_MINUTES, counted
 * in the database (server/auth/sign-in-limits.ts) per (account, e-mail, address)
 * (KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS), per address whatever the e-mail
 * (KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS), and per (account, e-mail) from every address
 * (KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL, the ceiling), which an address that signed in to that user within
 * REMEMBER_DAYS passes: guesses from elsewhere never lock the owner out. Each attempt is counted before its
 * password is checked; the wrong password that reaches a limit, and every attempt past it, is 429 with
 * Retry-After. A right password takes its attempt back and starts its (e-mail, address) count again.
 */
export const WINDOW_MINUTES = 15;
const REMEMBER_DAYS = 30;
const REFUSAL = 'Too many wrong sign-ins: wait a while and try again';

export interface LoginAttempt {
  /** A wrong password: stays counted; throws 429 when that reached a limit. */
  failed(): Promise<void>;
  /** A right password. */
  succeeded(): Promise<void>;
}

/** Counts one sign-in for `email` of `accountId` from `address`; 429 when a limit is already reached. */
export const reserveLoginAttempt = async (
  ctx: AppContext,
  accountId: string,
  email: string,
  address: string,
): Promise<LoginAttempt> => {
  const user = `console:${accountId}/${email}`;
  const pair = `${user}/${address}`;
  const { env } = ctx;
  const attempt = await reserveSignInAttempt(ctx.database, {
    own: [
      { key: pair, limit: env.KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL_ADDRESS, refusal: REFUSAL },
      { key: `console-address:${address}`, limit: env.KASSA_CONSOLE_LOGIN_FAILURES_PER_ADDRESS, refusal: REFUSAL },
    ],
    ceiling: { key: user, limit: env.KASSA_CONSOLE_LOGIN_FAILURES_PER_EMAIL, refusal: REFUSAL },
    goodKey: pair,
    windowMs: WINDOW_MINUTES * 60_000,
    rememberMs: REMEMBER_DAYS * 86_400_000,
  });
  return {
    async failed() {
      if (attempt.reached) throw reachedLimit(attempt.reached);
    },
    succeeded: () => attempt.succeeded([pair]),
  };
};
