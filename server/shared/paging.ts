import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors/app-error';

/** A `starting_after` that names nothing of the account: 400 on every list, as a cursor must come from an earlier page. */
export const unknownCursor = (what: string): AppError =>
  new AppError('INVALID_REQUEST', `starting_after is not a ${what} of this account`, {
    errors: [{ path: 'query.starting_after', message: `unknown ${what}` }],
  });

/** One page of a list: the rows, and the `starting_after` of the next page when there is one. */
export interface Page<T> {
  items: T[];
  next?: string;
}

/**
 * Keyset paging in (created_at, id) order: the rows after the cursor row. Every list of the API
 * pages this way, so a page never repeats or skips a row while rows are being added.
 */
export const afterCursor = (after: { created_at: string }, id: string, idColumn = 'id'): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.ref('created_at')} > ${after.created_at} or (${sql.ref('created_at')} = ${after.created_at} and ${sql.ref(idColumn)} > ${id}))`;

/** Lists fetch `limit + 1` rows: the extra one only tells whether a next page exists. */
export const pageOf = <T>(rows: T[], limit: number, keyOf: (row: T) => string): Page<T> => {
  const items = rows.slice(0, limit);
  return rows.length > limit ? { items, next: keyOf(items[items.length - 1]!) } : { items };
};

/**
 * The `paging_token` of the lists whose rows carry a client-chosen key (customers, orders, wallet cards, stores):
 * Kassa's own id of the page's last row behind a fixed prefix, so it is header-safe (ASCII) whatever the client's
 * key holds and can never be read as a client key naming another row (ADR 019).
 */
export const PAGING_TOKEN_PREFIX = '~kassa.';
export const pagingTokenOf = (kassaId: string): string => `${PAGING_TOKEN_PREFIX}${kassaId}`;

/**
 * What a `starting_after` names: a paging_token (`~kassa.<Kassa id>`) the row with that Kassa id only; anything
 * else the row with that client key (and, for tokens of before the prefix, a bare Kassa id no client key equals).
 */
export const readCursor = (cursor: string): { kassaId: string } | { clientKey: string } =>
  cursor.startsWith(PAGING_TOKEN_PREFIX)
    ? { kassaId: cursor.slice(PAGING_TOKEN_PREFIX.length) }
    : { clientKey: cursor };

/** The `paging_token` response header of every list: the next page's `starting_after`, absent on the last page. */
export const pagingHeaders = (page: Page<unknown>): Record<string, string> | undefined =>
  page.next === undefined ? undefined : { paging_token: page.next };

/**
 * Runs a list query in (created_at, id) order from after the cursor row (when there is one),
 * fetching `limit + 1` rows for `pageOf`. `idColumn` names the tie-breaking unique column.
 */
export const keysetRows = <TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  after: ({ created_at: string } & Record<string, unknown>) | undefined,
  limit: number,
  idColumn = 'id',
): Promise<O[]> => {
  const from = after ? query.where(afterCursor(after, String(after[idColumn]), idColumn)) : query;
  return from
    .orderBy(sql.ref('created_at'))
    .orderBy(sql.ref(idColumn))
    .limit(limit + 1)
    .execute();
};
