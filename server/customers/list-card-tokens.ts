import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { loadCardToken, readCardToken } from './card-token-repository';
import type { CardTokenView, ListCardTokensInput, Page } from './customer-schemas';
import { keysetRows, pageOf, unknownCursor } from '../shared/paging';

/** The account's stored cards (of one customer with `customer_id`), oldest first, paged by token_id; deleted ones only with include_deleted. */
export const listCardTokens = async (
  ctx: AppContext,
  actor: Actor,
  query: ListCardTokensInput,
): Promise<Page<CardTokenView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('stored_card_tokens').where('account_id', '=', actor.accountId);
  if (query.customer_id !== undefined) q = q.where('customer_id', '=', query.customer_id);
  if (!query.include_deleted) q = q.where('deleted_at', 'is', null);
  const total = query.total
    ? Number((await q.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow()).n)
    : undefined;
  const after = query.starting_after
    ? await db
        .selectFrom('stored_card_tokens')
        .select(['created_at', 'token_id'])
        .where('account_id', '=', actor.accountId)
        .where('token_id', '=', query.starting_after)
        .executeTakeFirst()
    : undefined;
  if (query.starting_after && !after) throw unknownCursor('card token');
  const rows = await keysetRows(q.selectAll(), after, query.limit, 'token_id');
  return {
    ...pageOf(rows.map(readCardToken), query.limit, (t) => t.token_id),
    ...(total !== undefined ? { total } : {}),
  };
};

/** One stored card of the account (not deleted). */
export const getCardToken = async (ctx: AppContext, actor: Actor, tokenId: string): Promise<CardTokenView> =>
  readCardToken(await loadCardToken(ctx.database.db, actor.accountId, tokenId));
