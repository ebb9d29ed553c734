import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { randomBase58 } from '../../server/shared/ids';
import { spawnKassa, type SpawnedKassa } from './spawn-kassa';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from './test-server';

/** Where a group of server processes keeps its data: a SQLite directory, or a fresh PostgreSQL schema. */
export interface SharedDatabase {
  dataDir: string;
  pgSchema?: string;
  engine: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

export const sharedDatabase = (): SharedDatabase => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-proc-'));
  const pgSchema = process.env.DATABASE_URL
    ? `t_${process.env.KASSA_TEST_RUN ?? 'x'}_proc_${randomBase58(10).toLowerCase()}`
    : undefined;
  return {
    dataDir,
    pgSchema,
    engine: pgSchema ? 'postgres' : 'sqlite',
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!pgSchema) return;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${pgSchema}" cascade`);
      await client.end();
    },
  };
};

export type KassaProcess = SpawnedKassa;

/**
 * For tests that kill and restart server processes: `startKilledAfter(db, env)` starts one that is
 * killed (SIGKILL) after the test, and `later(task)` adds any other clean-up; they run last first, so
 * a process is gone before the database it used is dropped.
 */
export const useProcessCleanup = () => {
  const tasks: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (tasks.length) await tasks.pop()!();
  });
  const later = (task: () => Promise<unknown>) => void tasks.push(task);
  return {
    later,
    /** A shared database for this test, dropped after it. */
    database: (): SharedDatabase => {
      const db = sharedDatabase();
      later(() => db.drop());
      return db;
    },
    startKilledAfter: async (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> => {
      const p = await startKassaProcess(db, env);
      later(() => p.kill('SIGKILL'));
      return p;
    },
  };
};

/**
 * The real production server (the compiled `node dist/server/kassa.js`, API only; vitest's global
 * setup builds it when the sources changed) as a child process on
 * `db`, with the test account's bootstrap credentials.
 */
export const startKassaProcess = (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> =>
  spawnKassa({
    env: {
      KASSA_DATA_DIR: db.dataDir,
      ...(db.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: db.pgSchema } : {}),
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      KASSA_CALLBACK_POLL_MS: '20',
      KASSA_CALLBACK_TIMEOUT_MS: '2000',
      ...env,
    },
  });

/**
 * Per file: two server processes on one shared database (the first migrates it and creates the
 * merchant; then the second joins) and a connection of the test's own (`reader`) to read it.
 * On SQLite a second process on one data directory is refused (one process per directory, ADR 044):
 * there `procs` holds the one process twice, so the same requests run, concurrently, in one process.
 */
export const useTwoProcesses = (env: Record<string, string> = {}) => {
  let shared: SharedDatabase | undefined;
  const procs: KassaProcess[] = [];
  let reader: Database | undefined;
  beforeAll(async () => {
    shared = sharedDatabase();
    // the test's load comes from one address: no per-address share of the connections (ADR 044) unless `env` sets one
    const withEnv = { KASSA_MAX_CONNECTIONS_PER_ADDRESS: '0', ...env };
    procs.push(await startKassaProcess(shared, withEnv));
    procs.push(shared.engine === 'postgres' ? await startKassaProcess(shared, withEnv) : procs[0]!);
    reader = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: shared.dataDir,
      pgSchema: shared.pgSchema,
    });
  });
  afterAll(async () => {
    await Promise.all([...new Set(procs)].map((p) => p.kill('SIGTERM')));
    await reader?.close();
    await shared?.drop();
  });
  return {
    procs,
    get reader(): Database {
      if (!reader) throw new Error('the processes start in beforeAll');
      return reader;
    },
  };
};
