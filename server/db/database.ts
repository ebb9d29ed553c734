import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';

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
}

const openSqlite = async (opts: DatabaseOptions): Promise<Database> => {
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(/*turbopackIgnore: true*/ opts.dataDir, { recursive: true });
  const file = path.join(/*turbopackIgnore: true*/ opts.dataDir, opts.sqliteFile ?? 'kassa.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is fsynced, so a committed payment survives power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
};

const openPostgres = async (url: string): Promise<Database> => {
  const pg = await import('pg');
  const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof import('pg').Pool }).Pool;
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
};

/** Opens the configured engine and runs every migration before returning. */
export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openSqlite(opts);
  await migrateToLatest(database.db);
  return database;
};
