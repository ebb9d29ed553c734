import type { CompiledQuery, Insertable, Updateable } from 'kysely';
import type { Database, Executor } from './database';
import { executeCompiled } from './held-connection';
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
 * Every parameter of the query must be one of the arguments (strings or numbers; the build
 * sees a string marker in place of each while compiling).
 */
export const compiledOnce = <A extends (string | number)[], R>(build: (exec: Executor, ...args: A) => Query<R>) => {
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
    const { rows } = await executeCompiled<R>(exec, { ...c.query, parameters: c.slots.map((i) => args[i]) });
    return rows;
  };
};

interface LockableQuery<R> extends Query<R> {
  forUpdate(): Query<R>;
}

/**
 * A `compiledOnce` read that can lock the rows it reads: `FOR UPDATE` on PostgreSQL when `lock`,
 * the plain read on SQLite (no row locks; a group-commit batch holds the write lock, ADR 003), as
 * `forUpdate` in tx.ts does for queries built per call.
 */
export const lockableOnce = <A extends (string | number)[], R>(
  build: (exec: Executor, ...args: A) => LockableQuery<R>,
) => {
  const plain = compiledOnce(build);
  const locked = compiledOnce((exec, ...args: A) => build(exec, ...args).forUpdate());
  return (exec: Executor, database: Database, lock: boolean, ...args: A): Promise<R[]> =>
    (lock && database.engine === 'postgres' ? locked : plain)(exec, ...args);
};

const inserts = new WeakMap<object, Map<string, CompiledQuery>>();

/** INSERT of one row of scalar values; Kysely builds and compiles each table and column list once. */
export const insertRow = async <T extends keyof DB & string>(
  exec: Executor,
  table: T,
  row: Insertable<DB[T]>,
): Promise<void> => {
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
  await executeCompiled(exec, { ...query, parameters: entries.map(([, v]) => v) });
};

const updates = new WeakMap<object, Map<string, { query: CompiledQuery; slots: number[] }>>();

/**
 * UPDATE of scalar columns of the rows whose `where` columns equal the given values; Kysely builds
 * and compiles each table, SET list and WHERE list once. Returns how many rows changed.
 */
export const updateRows = async <T extends keyof DB & string>(
  exec: Executor,
  table: T,
  set: Updateable<DB[T]>,
  where: Partial<Record<keyof DB[T] & string, string | number>>,
): Promise<number> => {
  let byShape = updates.get(dialectOf(exec));
  if (!byShape) updates.set(dialectOf(exec), (byShape = new Map()));
  const values = [...Object.entries(set).filter(([, v]) => v !== undefined), ...Object.entries(where)]; // undefined SET values: left out, as Kysely does
  for (const [k, v] of values)
    if (v !== null && typeof v !== 'string' && typeof v !== 'number')
      throw new Error(`updateRows: ${table}.${k} must be a string, a number or null`);
  const setCount = values.length - Object.keys(where).length;
  const key = `${table}|${values.map(([k], i) => (i < setCount ? k : `=${k}`)).join(',')}`;
  let c = byShape.get(key);
  if (!c) {
    // markers stand in for the values while compiling, so each parameter's slot is known, not assumed
    const marks = values.map((_, i) => `\u0000v${i}`);
    // typed loosely: the table is generic here, its columns are checked at the call by `set` and `where`
    type Loose = { set(v: object): Loose; where(c: string, op: '=', v: unknown): Loose; compile(): CompiledQuery };
    let q = (exec.updateTable(table) as unknown as Loose).set(
      Object.fromEntries(values.slice(0, setCount).map(([k], i) => [k, marks[i]])),
    );
    for (let i = setCount; i < values.length; i++) q = q.where(values[i]![0], '=', marks[i]);
    const query = q.compile();
    const slots = query.parameters.map((p: unknown) => marks.indexOf(p as string));
    if (slots.includes(-1) || slots.length !== values.length)
      throw new Error('updateRows: every parameter must be one of the values');
    byShape.set(key, (c = { query, slots }));
  }
  const result = await executeCompiled(exec, { ...c.query, parameters: c.slots.map((i) => values[i]![1]) });
  return Number(result.numAffectedRows ?? 0n);
};
