import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { keysetRows, pageOf, unknownCursor, type Page } from '../../shared/paging';
import type { Actor } from '../scopes';
import { normalAudience } from './audience';
import { readGrant } from './grant-repository';
import type { GrantListQuery, GrantView } from './grant-schemas';

/** The account's live grants, oldest first, of one client and/or one audience when asked. */
export const listClientGrants = async (
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof GrantListQuery>,
): Promise<Page<GrantView>> => {
  let live = ctx.database.db
    .selectFrom('api_client_grants')
    .where('account_id', '=', actor.accountId)
    .where('deleted_at', 'is', null);
  if (query.client_id !== undefined) live = live.where('client_uuid', '=', query.client_id);
  if (query.audience !== undefined)
    live = live.where('audience', '=', normalAudience(query.audience)?.audience ?? query.audience);
  const after =
    query.starting_after === undefined
      ? undefined
      : await live.select(['id', 'created_at']).where('id', '=', query.starting_after).executeTakeFirst();
  if (query.starting_after !== undefined && !after) throw unknownCursor('grant');
  const rows = await keysetRows(live.selectAll(), after, query.limit);
  const page = pageOf(rows, query.limit, (r) => r.id);
  return { ...page, items: page.items.map(readGrant) };
};
