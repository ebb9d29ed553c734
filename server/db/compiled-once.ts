import type { CompiledQuery, Insertable } from 'kysely';
import type { Executor } from './database';
import type { DB } from './schema';

/**
 * Kysely's SQL depends only on the dialect. Its adapter is one object per Kysely instance,
 * shared by that instance's transactions and connections: a cache key that survives them.
 */
const dialectOf = (exec: Executor): object => exec.getExecutor().adapter;

interface Query<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A hot-path query that Kysely builds and compiles once per dialect, then runs with fresh
 * parameters (building and compiling cost more than SQLite takes to answer a point query).
 * Every parameter of the query must be one of the string arguments.
 */
export const compiledOnce = <A extends string[], R>(build: (exec: Executor, ...args: A) => Query<R>) => {
  const cache = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  return async (exec: Executor, ...args: A): Promise<R[]> => {
    let c = cache.get(dialectOf(exec));
    if (!c) {
      const marks = args.map((_, i) => `\u0000arg${i}`) as A; // string markers stand in for the arguments while compiling; they are only compared, never used as A
      const query = build(exec, ...marks).compile();
      const slots = query.parameters.map((p) => marks.indexOf(p as string));
      if (slots.includes(-1)) throw new Error('compiledOnce: every query parameter must come from an argument');
      cache.set(dialectOf(exec), (c = { query, slots }));
    }
    const { rows } = await exec.executeQuery<R>({ ...c.query, parameters: c.slots.map((i) => args[i]) });
    return rows;
  };
};

const inserts = new WeakMap<object, Map<string, CompiledQuery>>();

/** INSERT of one row of scalar values; Kysely builds and compiles each table and column list once. */
export const insertRow = async <T extends keyof DB & string>(exec: Executor, table: T, row: Insertable<DB[T]>): Promise<void> => {
  let byColumns = inserts.get(dialectOf(exec));
  if (!byColumns) inserts.set(dialectOf(exec), (byColumns = new Map()));
  const entries = Object.entries(row).filter(([, v]) => v !== undefined); // as Kysely leaves them out
  const key = `${table}(${entries.map(([k]) => k).join(',')})`;
  let query = byColumns.get(key);
  if (!query)
    byColumns.set(
      key,
      (query = exec
        .insertInto(table)
        .values(Object.fromEntries(entries) as never)
        .compile()),
    );
  await exec.executeQuery({ ...query, parameters: entries.map(([, v]) => v) });
};
