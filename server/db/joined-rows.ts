import { sql, type RawBuilder } from 'kysely';

/**
 * A child table's rows as one text column, for reads that want a row and its children in one
 * statement: fields joined by U+001F and rows by U+001E in `seq` order (string_agg … ORDER BY:
 * SQLite ≥ 3.44 and PostgreSQL alike). Callers pick fields that cannot hold either separator
 * (Kassa's own ids, names and timestamps, printable request ids, JSON text, which escapes every
 * control character) and check the split anyway (`splitRows`).
 */
const FIELD = '\u001f';
const ROW = '\u001e';

/**
 * `(select string_agg(<fields>, …) from <table> e where e.<ownerColumn> = <outerTable>.id)`.
 * `fields` are SQL text expressions over the alias `e` (coalesce the nullable ones to '').
 */
export const joinedRows = (
  table: string,
  ownerColumn: string,
  outerTable: string,
  fields: readonly string[],
): RawBuilder<string | null> =>
  sql<
    string | null
  >`(select string_agg(${sql.raw(fields.join(` || '${FIELD}' || `))}, '${sql.raw(ROW)}' order by e.seq) from ${sql.raw(table)} e where e.${sql.raw(ownerColumn)} = ${sql.raw(outerTable)}.id)`;

/** The rows of a `joinedRows` text, each its `width` fields; undefined when a row splits otherwise. */
export const splitRows = (text: string | null, width: number): string[][] | undefined => {
  if (text === null) return [];
  const rows: string[][] = [];
  for (const row of text.split(ROW)) {
    const fields = row.split(FIELD);
    if (fields.length !== width) return undefined;
    rows.push(fields);
  }
  return rows;
};
