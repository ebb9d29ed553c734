import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Actor } from '../auth/scopes';
import { lowerEmail, prefixPattern, readCustomer } from './customer-repository';
import type { CustomerView, ListCustomersInput, Page } from './customer-schemas';
import { keysetRows, pageOf, pagingTokenOf, readCursor, unknownCursor } from '../shared/paging';

/**
 * The account's customers, oldest first, filters combined with AND. `contact` customers only with
 * type=contact or type=any; deleted ones only with include_deleted. `starting_after` is the last
 * customer_id of the previous page, or the paging_token (`~kassa.` + that customer's id: header-safe,
 * whatever characters the customer_id has, and never taken for a customer_id).
 */
export const listCustomers = async (
  ctx: AppContext,
  actor: Actor,
  query: ListCustomersInput,
): Promise<Page<CustomerView>> => {
  const db = ctx.database.db;
  let q = db.selectFrom('customers').where('account_id', '=', actor.accountId);
  if (!query.include_deleted) q = q.where('deleted_at', 'is', null);
  if (query.type === undefined) q = q.where('type', '!=', 'contact');
  else if (query.type !== 'any') q = q.where('type', '=', query.type);
  if (query.email) q = q.where('email_lower', '=', lowerEmail(query.email));
  if (query.phone_number) q = q.where('phone_number', '=', query.phone_number);
  if (query.search) q = q.where(sql<boolean>`search_keys like ${prefixPattern(query.search)} escape '\\'`);

  const total = query.total
    ? Number((await q.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow()).n)
    : undefined;
  const after = query.starting_after === undefined ? undefined : await cursorCustomer(ctx, actor, query.starting_after);
  const rows = await keysetRows(q.selectAll(), after, query.limit);
  return {
    ...pageOf(rows.map(readCustomer), query.limit, (c) => pagingTokenOf(c.id)),
    ...(total !== undefined ? { total } : {}),
  };
};

/** The cursor row: the paging_token's customer (by Kassa id), else the customer with that customer_id, else (an older token) that Kassa id. */
const cursorCustomer = async (ctx: AppContext, actor: Actor, cursor: string) => {
  const parsed = readCursor(cursor);
  const find = (column: 'id' | 'customer_id', value: string) =>
    ctx.database.db
      .selectFrom('customers')
      .select(['created_at', 'id', 'customer_id'])
      .where('account_id', '=', actor.accountId)
      .where(column, '=', value)
      .executeTakeFirst();
  const after =
    'kassaId' in parsed
      ? await find('id', parsed.kassaId)
      : ((await find('customer_id', parsed.clientKey)) ?? (await find('id', parsed.clientKey)));
  if (!after) throw unknownCursor('customer');
  return after;
};
