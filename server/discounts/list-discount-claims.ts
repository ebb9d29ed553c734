import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import type { Page } from '../customers/customer-schemas';
import { readClaim } from './claim-repository';
import type { ClaimView, ListClaimsInput } from './claim-schemas';
import { keysetRows, pageOf, unknownCursor } from '../shared/paging';

/** The account's claims that are not released, oldest first; `customer_id` filters; `starting_after` is the last claim id of the previous page. */
export const listDiscountClaims = async (
  ctx: AppContext,
  actor: Actor,
  query: ListClaimsInput,
): Promise<Page<ClaimView>> => {
  const db = ctx.database.db;
  let q = db
    .selectFrom('discount_claims')
    .selectAll()
    .where('account_id', '=', actor.accountId)
    .where('released_at', 'is', null);
  if (query.customer_id) q = q.where('customer_id', '=', query.customer_id);
  const after = query.starting_after
    ? await db
        .selectFrom('discount_claims')
        .select(['created_at', 'id'])
        .where('account_id', '=', actor.accountId)
        .where('id', '=', query.starting_after)
        .executeTakeFirst()
    : undefined;
  if (query.starting_after && !after) throw unknownCursor('discount claim');
  const rows = await keysetRows(q, after, query.limit);
  return pageOf(rows.map(readClaim), query.limit, (r) => r.id);
};
