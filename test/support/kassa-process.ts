import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBase58 } from '../../server/shared/ids';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from './test-server';

const ROOT = path.resolve(__dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Where a group of server processes keeps its data: a SQLite directory, or a fresh PostgreSQL schema. */
export interface SharedDatabase {
  dataDir: string;
  pgSchema?: string;
  engine: 'sqlite' | 'postgres';
  drop(): Promise<void>;
}

export const sharedDatabase = (): SharedDatabase => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-proc-'));
  const pgSchema = process.env.DATABASE_URL ? `t_${process.env.KASSA_TEST_RUN ?? 'x'}_proc_${randomBase58(10).toLowerCase()}` : undefined;
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

export interface KassaProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the signal or code the process ended with. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real production server (the compiled `node dist/server/kassa.js`, API only; vitest's global
 * setup builds it when the sources changed) as a child process on
 * `db`, with the test account's bootstrap credentials.
 */
export const startKassaProcess = async (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> => {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/kassa.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      KASSA_API_ONLY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      KASSA_DATA_DIR: db.dataDir,
      ...(db.pgSchema ? { DATABASE_URL: process.env.DATABASE_URL!, KASSA_DATABASE_SCHEMA: db.pgSchema } : {}),
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      KASSA_CALLBACK_POLL_MS: '20',
      KASSA_CALLBACK_TIMEOUT_MS: '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`kassa exited while starting:\n${out}`);
    if (/Kassa is listening/.test(out)) break;
    if (Date.now() - start > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`kassa did not start within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    child,
    output: () => out,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};
