import type { AppContext } from '../app-context';
import { assertHoldsEvery } from '../auth/no-escalation';
import type { Actor } from '../auth/scopes';
import { forUpdate, inTransaction } from '../db/tx';
import { AppError } from '../errors/app-error';
import { ROLE_SCOPES } from './console-roles';
import { endUserSessions } from './console-session';
import { consoleUserView, VIEW_COLUMNS, type ConsoleUserView } from './console-user-schemas';

/**
 * Deletes a console user of the caller's account and ends its sessions at once (its next request is 401).
 * The account's last admin stays (409 LAST_CONSOLE_ADMIN): someone must be able to sign in and manage users.
 * Only a caller holding every scope of the user's role may (403 SCOPE_NOT_HELD, ADR 042).
 */
export const deleteConsoleUser = async (ctx: AppContext, actor: Actor, userId: string): Promise<ConsoleUserView> => {
  const notFound = () => new AppError('CONSOLE_USER_NOT_FOUND', `Console user ${userId} was not found`);
  await inTransaction(ctx.database, async (trx) => {
    // the account's admins, locked: two deletes at once cannot each leave the other as the last one
    const admins = await forUpdate(
      ctx.database,
      trx
        .selectFrom('console_users')
        .select('id')
        .where('account_id', '=', actor.accountId)
        .where('role', '=', 'admin')
        .where('deleted_at', 'is', null),
    ).execute();
    const user = await forUpdate(
      ctx.database,
      trx
        .selectFrom('console_users')
        .select(['id', 'role'])
        .where('id', '=', userId)
        .where('account_id', '=', actor.accountId)
        .where('deleted_at', 'is', null),
    ).executeTakeFirst();
    if (!user) throw notFound();
    assertHoldsEvery(actor, ROLE_SCOPES[user.role], `The console ${user.role} user`);
    if (user.role === 'admin' && admins.length <= 1)
      throw new AppError('LAST_CONSOLE_ADMIN', 'This is the last admin of the account: make another admin first');
    const now = new Date().toISOString();
    await trx
      .updateTable('console_users')
      .set({ deleted_at: now, deleted_by: actor.subject })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
    await endUserSessions(trx, userId, now);
  });
  const row = await ctx.database.db
    .selectFrom('console_users')
    .select(VIEW_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return consoleUserView(row);
};
