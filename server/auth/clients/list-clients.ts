import type { AppContext } from '../../app-context';
import { keysetRows, pageOf, unknownCursor, type Page } from '../../shared/paging';
import type { Actor } from '../scopes';
import { readClient } from './client-repository';
import type { ClientView } from './client-schemas';

/** The account's live clients, oldest first; `starting_after` is the previous page's last client's `id`. */
export const listClients = async (
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; starting_after?: string },
): Promise<Page<ClientView>> => {
  const db = ctx.database.db;
  const live = db.selectFrom('api_clients').where('account_id', '=', actor.accountId).where('deleted_at', 'is', null);
  const after =
    query.starting_after === undefined
      ? undefined
      : await live.select(['id', 'created_at']).where('id', '=', query.starting_after).executeTakeFirst();
  if (query.starting_after !== undefined && !after) throw unknownCursor('client');
  const rows = await keysetRows(live.selectAll(), after, query.limit);
  const page = pageOf(rows, query.limit, (r) => r.id);
  return { ...page, items: page.items.map(readClient) };
};
