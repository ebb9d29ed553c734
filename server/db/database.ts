import fs from 'node:fs';
import path from 'node:path';
import { Kysely, SqliteDialect, sql, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { createResilientPool, PG_CONNECT_TIMEOUT_MS, PG_QUERY_TIMEOUT_MS, serverTimeoutOptions } from './pg-pool';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { registerDirect } from './held-connection';
import { openWalSync, type WalSync } from './wal-sync';

export type Engine = 'sqlite' | 'postgres';
export type Executor = Kysely<DB> | Transaction<DB>;

export interface Database {
  readonly db: Kysely<DB>;
  readonly engine: Engine;
  /** SQLite: flushes the WAL off the event loop; group commit answers its batch after it (wal-sync.ts, ADR 026). */
  readonly walSync?: WalSync;
  /** SQLite: checkpoints the WAL on a worker thread (checkpointer.ts, ADR 026). */
  readonly checkpointer?: Checkpointer;
  /** SQLite: rows changed through the connection so far (its total_changes(), counted as statements run). */
  readonly changes?: () => number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file name inside dataDir (tests use a fresh one each). */
  sqliteFile?: string;
  /** PostgreSQL schema to use (created if missing); tests isolate themselves with one each. */
  pgSchema?: string;
  /** SQLite: how long a write waits for another process's lock before failing (503); default 5000. */
  busyTimeoutMs?: number;
  /** PostgreSQL: how long a query waits for its answer, or a request for a connection, before 503 (a silent connection is dropped); default 10000, 0 = no query timeout. */
  pgQueryTimeoutMs?: number;
}

type SqliteStatement = import('better-sqlite3').Statement;

/** What Kysely's SqliteDriver calls on a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): import('better-sqlite3').RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A reading statement in raw mode (arrays), its rows built here with the column names read once.
 * better-sqlite3 builds each row object key by key through the C++ API, which for our 30-column
 * session rows cost about twice as much as filling a plain object in JavaScript, and left objects
 * that were slow to read and to spread. Same values, same keys in the same order (a later column
 * of the same name wins, as in better-sqlite3's own rows).
 */
const withRowsBuiltHere = (stmt: SqliteStatement): DriverStatement => {
  const names = stmt.columns().map((c) => c.name);
  if (names.includes('__proto__')) return stmt;
  const raw = stmt.raw(true);
  const toRow = (values: unknown[]): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
};

/** What Kysely's SqliteConnection.executeQuery does with a statement, synchronously. */
const runStatement = (stmt: DriverStatement, parameters: readonly unknown[]): QueryResult<unknown> => {
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
};

const PLAIN_SELECT = /^\s*select\b/i;

/**
 * Counts the rows changed through the connection (SQLite's `total_changes()`, kept here so group
 * commit can read it per job without a statement, ADR 028): a writing statement adds its changes;
 * a statement that returns rows and is not a plain SELECT (`… RETURNING`) counts as a change.
 */
const counted = (prepared: SqliteStatement, sqlText: string, count: (n: number) => void): DriverStatement => {
  if (!prepared.reader) {
    return {
      reader: false,
      all: (parameters) => prepared.all(parameters),
      run: (parameters) => {
        const result = prepared.run(parameters);
        count(result.changes);
        return result;
      },
      iterate: (parameters) => prepared.iterate(parameters),
    };
  }
  const reading = withRowsBuiltHere(prepared);
  if (PLAIN_SELECT.test(sqlText)) return reading;
  return {
    reader: true,
    all: (parameters) => (count(1), reading.all(parameters)),
    run: (parameters) => (count(1), reading.run(parameters)),
    iterate: (parameters) => (count(1), reading.iterate(parameters)),
  };
};

/**
 * Kysely prepares every query anew; on a hot path better-sqlite3's prepare was the largest single
 * cost. Statements are reused by SQL text (execution is synchronous, so sharing one is safe), with
 * a bound so queries with variable `in (...)` lists cannot grow the cache without limit.
 */
const withStatementCache = (sqlite: import('better-sqlite3').Database, max = 500) => {
  const cache = new Map<string, DriverStatement>();
  let changes = 0;
  const count = (n: number) => void (changes += n);
  return {
    close: () => sqlite.close(),
    changes: () => changes,
    prepare(sqlText: string): DriverStatement {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        const prepared = sqlite.prepare(sqlText);
        stmt = counted(prepared, sqlText, count);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
};

const openSqlite = async (opts: DatabaseOptions): Promise<Database> => {
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(/*turbopackIgnore: true*/ opts.dataDir, { recursive: true });
  const file = path.join(/*turbopackIgnore: true*/ opts.dataDir, opts.sqliteFile ?? 'kassa.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is fsynced, so a committed payment survives power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${Math.trunc(opts.busyTimeoutMs ?? 5000)}`);
  sqlite.pragma('foreign_keys = ON');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  registerDirect(db, (query) => runStatement(statements.prepare(query.sql), query.parameters));
  await migrateToLatest(db);
  // After the migrations the WAL file exists; without it every commit stays synchronous = FULL.
  const walSync = openWalSync(`${file}-wal`);
  const checkpointer = walSync
    ? startCheckpointer(file, (pages) => sqlite.pragma(`wal_autocheckpoint = ${Math.trunc(pages)}`))
    : undefined;
  return {
    db,
    engine: 'sqlite',
    changes: statements.changes,
    ...(walSync ? { walSync } : {}),
    ...(checkpointer ? { checkpointer } : {}),
    close: async () => {
      await checkpointer?.close();
      await db.destroy();
      await walSync?.close();
    },
  };
};

const openPostgres = async (url: string, schema?: string, queryTimeoutMs = PG_QUERY_TIMEOUT_MS): Promise<Database> => {
  const pg = await import('pg');
  const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof import('pg').Pool }).Pool; // CJS/ESM interop: pg's default export may be absent
  const searchPath = schema ? { options: `-c search_path=${schema}` } : {};
  // Migrations on a connection of their own, without the query timeout: an index on a large table takes its time.
  const setup = new Kysely<DB>({
    dialect: new OwnSchemaPostgresDialect({
      pool: new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, ...searchPath }),
    }),
  });
  try {
    if (schema) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
      await sql`create schema if not exists ${sql.id(schema)}`.execute(setup);
    }
    await migrateToLatest(setup, schema);
  } finally {
    await setup.destroy();
  }
  // Survives the database going away, or going silent, and reconnects on demand (pg-pool.ts, ADR 022).
  // The query timeout also bounds the wait for a connection (a new one, or a free one of the pool).
  const timeouts = queryTimeoutMs
    ? { query_timeout: queryTimeoutMs, connectionTimeoutMillis: queryTimeoutMs }
    : { query_timeout: undefined };
  // The server's own statement, lock and idle-transaction limits sit below the client's (pg-pool.ts).
  const options = [searchPath.options, serverTimeoutOptions(queryTimeoutMs)].filter(Boolean).join(' ');
  const pool = createResilientPool(Pool, {
    connectionString: url,
    max: 10,
    ...timeouts,
    ...(options ? { options } : {}),
  });
  // Introspects only its own schema: see own-schema-introspector.ts.
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
};

/** Opens the configured engine and runs every migration before returning. */
export const openDatabase = (opts: DatabaseOptions): Promise<Database> =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.pgSchema, opts.pgQueryTimeoutMs) : openSqlite(opts);
