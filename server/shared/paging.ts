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
