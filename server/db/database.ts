import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { createResilientPool } from './pg-pool';

export type Engine = 'sqlite' | 'postgres';
export type Executor = Kysely<DB> | Transaction<DB>;

export interface Database {
  readonly db: Kysely<DB>;
  readonly engine: Engine;
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
}

/**
 * Kysely prepares every query anew; on a hot path better-sqlite3's prepare was the largest single
 * cost. Statements are reused by SQL text (execution is synchronous, so sharing one is safe), with
 * a bound so queries with variable `in (...)` lists cannot grow the cache without limit.
 */
const withStatementCache = (sqlite: import('better-sqlite3').Database, max = 500) => {
  const cache = new Map<string, import('better-sqlite3').Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = sqlite.prepare(sqlText);
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
};

const openPostgres = async (url: string, schema?: string): Promise<Database> => {
  const pg = await import('pg');
  const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof import('pg').Pool }).Pool; // CJS/ESM interop: pg's default export may be absent
  if (schema) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
    const setup = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 1 }) }) });
    await sql`create schema if not exists ${sql.id(schema)}`.execute(setup);
    await setup.destroy();
  }
  // Survives the database going away and reconnects on demand (pg-pool.ts, ADR 022).
  const pool = createResilientPool(Pool, { connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // Introspects only its own schema: see own-schema-introspector.ts.
  const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
};

/** Opens the configured engine and runs every migration before returning. */
export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.pgSchema) : await openSqlite(opts);
  await migrateToLatest(database.db, opts.databaseUrl ? opts.pgSchema : undefined);
  return database;
};
