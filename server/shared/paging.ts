import { sql, type Expression, type SqlBool } from 'kysely';

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

/** The `paging_token` response header of every list: the next page's `starting_after`, absent on the last page. */
export const pagingHeaders = (page: Page<unknown>): Record<string, string> | undefined => (page.next === undefined ? undefined : { paging_token: page.next });
