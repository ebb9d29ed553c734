import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { keysetRows, pageOf, unknownCursor, type Page } from '../shared/paging';
import { consoleUserView, VIEW_COLUMNS, type ConsoleUserView } from './console-user-schemas';

/** The account's console users (not deleted), oldest first; `starting_after` is the previous page's last user id. */
export const listConsoleUsers = async (
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; starting_after?: string },
): Promise<Page<ConsoleUserView>> => {
  const db = ctx.database.db;
  let after: { id: string; created_at: string } | undefined;
  if (query.starting_after !== undefined) {
    after = await db
      .selectFrom('console_users')
      .select(['id', 'created_at'])
      .where('account_id', '=', actor.accountId)
      .where('id', '=', query.starting_after)
      .executeTakeFirst();
    if (!after) throw unknownCursor('console user');
  }
  const rows = await keysetRows(
    db
      .selectFrom('console_users')
      .select(VIEW_COLUMNS)
      .where('account_id', '=', actor.accountId)
      .where('deleted_at', 'is', null),
    after,
    query.limit,
  );
  const page = pageOf(rows, query.limit, (r) => r.id);
  return { ...page, items: page.items.map(consoleUserView) };
};
