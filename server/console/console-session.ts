import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../app-context';
import type { Executor } from '../db/database';
import { inTransaction } from '../db/tx';
import type { ConsoleRole } from './console-user-schemas';

/**
 * A console session (ADR 033): the browser's sealed cookie holds a random secret, the table its SHA-256
 * (a copy of the table opens no session). A session ends at sign-out, when its user is deleted or gets a
 * new password, and after KASSA_CONSOLE_IDLE_MINUTES without a request (`last_seen_at`, written at most
 * once a minute), or SESSION_MAX_HOURS after sign-in whatever happens.
 */
export const SESSION_MAX_HOURS = 12;
const TOUCH_EVERY_MS = 60_000;

export interface ConsoleSessionUser {
  userId: string;
  accountId: string;
  email: string;
  role: ConsoleRole;
  /** What a write must send as `x-kassa-csrf`. */
  csrfToken: string;
}

export const sessionIdOf = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** Starts a session for `userId` (in the caller's transaction); answers the cookie's secret and the CSRF token. */
export const startConsoleSession = async (
  trx: Executor,
  user: { id: string; account_id: string },
  now: string,
): Promise<{ secret: string; csrfToken: string }> => {
  const secret = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await trx
    .insertInto('console_sessions')
    .values({
      id: sessionIdOf(secret),
      user_id: user.id,
      account_id: user.account_id,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      ended_at: null,
    })
    .execute();
  return { secret, csrfToken };
};

/** Ends every open session of a user (deleted, or a new password), in the caller's transaction. */
export const endUserSessions = async (trx: Executor, userId: string, now: string): Promise<void> => {
  await trx
    .updateTable('console_sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
};

/** The signed-in user of a cookie's secret, or undefined when that session is over (or never was). */
export const resolveConsoleSession = async (
  ctx: AppContext,
  secret: string,
): Promise<ConsoleSessionUser | undefined> => {
  const id = sessionIdOf(secret);
  const row = await ctx.database.db
    .selectFrom('console_sessions as s')
    .innerJoin('console_users as u', 'u.id', 's.user_id')
    .select(['s.csrf_token', 's.created_at', 's.last_seen_at', 'u.id', 'u.account_id', 'u.email', 'u.role'])
    .where('s.id', '=', id)
    .where('s.ended_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  const idleMs = ctx.env.KASSA_CONSOLE_IDLE_MINUTES * 60_000;
  const seen = Date.parse(row.last_seen_at);
  if (now - seen > idleMs || now - Date.parse(row.created_at) > SESSION_MAX_HOURS * 3_600_000) {
    await endSession(ctx, id, new Date(now).toISOString());
    return undefined;
  }
  if (now - seen >= TOUCH_EVERY_MS) {
    const at = new Date(now).toISOString();
    await inTransaction(ctx.database, (trx) =>
      trx
        .updateTable('console_sessions')
        .set({ last_seen_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .where('last_seen_at', '<', at)
        .execute(),
    );
  }
  return { userId: row.id, accountId: row.account_id, email: row.email, role: row.role, csrfToken: row.csrf_token };
};

/** Ends one session (its id, not the cookie's secret); nothing when it is already over. */
export const endSession = async (ctx: AppContext, id: string, now: string): Promise<void> => {
  await inTransaction(ctx.database, (trx) =>
    trx
      .updateTable('console_sessions')
      .set({ ended_at: now })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute(),
  );
};
