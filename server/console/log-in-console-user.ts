import { z } from 'zod';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { startConsoleSession } from './console-session';
import { reserveLoginAttempt } from './login-attempt-limits';
import { verifyDecoy, verifyPassword } from './password-hash';

/**
 * The sign-in form's JSON: the account (an e-mail is unique within its account only, ADR 043), e-mail and
 * password; any text is an account or an e-mail here (one that is no user's is simply wrong).
 */
export const ConsoleLoginBody = z.strictObject({
  account: z.string().trim().min(1).max(64),
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export interface ConsoleLogin {
  /** The session's secret, for the sealed cookie only. */
  secret: string;
  csrfToken: string;
  email: string;
  accountId: string;
}

/**
 * Sign-in (ADR 033, ADR 043): counted against the limits first (429), then one scrypt whether or not the
 * account has a user with the e-mail, so a wrong account, e-mail or password take as long and answer alike
 * (401). A right one starts a session. Another account's user with the same e-mail plays no part.
 */
export const logInConsoleUser = async (
  ctx: AppContext,
  input: z.infer<typeof ConsoleLoginBody>,
  address: string,
): Promise<ConsoleLogin> => {
  const email = input.email.toLowerCase();
  const attempt = await reserveLoginAttempt(ctx, input.account, email, address);
  const user = await ctx.database.db
    .selectFrom('console_users')
    .select(['id', 'account_id', 'email', 'password_hash'])
    .where('account_id', '=', input.account)
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const cost = ctx.env.KASSA_CONSOLE_PASSWORD_COST;
  const right = user
    ? await verifyPassword(input.password, user.password_hash, cost)
    : (await verifyDecoy(input.password, cost), false);
  if (!user || !right) {
    await attempt.failed();
    throw new AppError('UNAUTHORIZED', 'Wrong e-mail or password');
  }
  await attempt.succeeded();
  const now = new Date().toISOString();
  const started = await inTransaction(ctx.database, (trx) => startConsoleSession(trx, user, now));
  return { ...started, email: user.email, accountId: user.account_id };
};
