import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, sessionBody } from './fixtures';
import { freePort, ROOT, spawnNode, stopChild, waitForHttp } from './proc';

/**
 * The bench's own allowances: every lifecycle connection pays from 127.0.0.1, and an approved payment
 * holds a slot of the per-address pay-attempt bucket while it is in flight (ADR 020), so 50
 * connections meet the default 20 (429 on pay, then 400 on capture and refund of the id `none`).
 * The limit stays on (its bookkeeping is part of the CPU measured), just far above what a run uses.
 */
export const BENCH_ALLOWANCES: Record<string, string> = { KASSA_PAY_ATTEMPTS_PER_ADDRESS: '1000000' };

export interface KassaServer {
  pid: number;
  base: string;
  token: string;
  sessionId: string;
  /** The SQLite file (SQLite runs only), for seeding rows directly. */
  sqliteFile?: string;
  /** The PostgreSQL schema (PostgreSQL runs only). */
  pgSchema?: string;
  output(): string;
  stop(): Promise<void>;
}

export interface KassaOptions {
  /** postgres://… runs the server on PostgreSQL, in `pgSchema` (dropped at stop). */
  databaseUrl?: string;
  pgSchema?: string;
  /** Without Next (KASSA_API_ONLY=1): faster to build and start; the memory figure then excludes Next. */
  apiOnly?: boolean;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Another checkout whose dist/server/kassa.js to run (already built; bench/ref-tree.ts); default this one, built when stale. */
  root?: string;
}

/** The production artifacts (.next and dist/server/kassa.js): built as `npm start` builds them, only when missing or stale (not timed). */
const ensureBuilt = (withNext: boolean): void => {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `await (await import('./scripts/build-lib.mjs')).buildMissing({ next: ${withNext} })`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('building the production server failed');
};

export const postJson = async (
  url: string,
  headers: Record<string, string>,
  body: unknown,
  method = 'POST',
): Promise<Record<string, unknown>> => {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
};

/** Starts the compiled production server (`node dist/server/kassa.js`, with Next unless apiOnly) on a fresh database; returns a token and one session. */
export const startKassa = async (opts: KassaOptions = {}): Promise<KassaServer> => {
  const root = opts.root ?? ROOT;
  if (!opts.root) ensureBuilt(!opts.apiOnly);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-bench-data-'));
  const child: ChildProcess & { output(): string } = spawnNode(
    path.join(root, 'dist', 'server', 'kassa.js'),
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      KASSA_DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      KASSA_DATABASE_SCHEMA: opts.databaseUrl ? (opts.pgSchema ?? 'kassa_bench') : '',
      KASSA_PUBLIC_URL: '',
      KASSA_API_ONLY: opts.apiOnly ? '1' : '',
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      ...BENCH_ALLOWANCES,
      ...opts.env,
    },
    false,
    opts.nodeArgs,
    root,
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/v1/openapi.json`, child, 120_000);
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const audience = `${base}/v1/accounts/${ACCOUNT}`;
    const { access_token } = await postJson(
      `${audience}/auth/token`,
      { authorization: basic },
      { grant_type: 'client_credentials', audience },
    );
    const token = String(access_token);
    const { id } = await postJson(
      `${base}/v1/sessions`,
      { authorization: `Bearer ${token}` },
      sessionBody('bench-setup'),
    );
    // One page render, so the memory measured includes Next's rendering path, not just its boot.
    if (!opts.apiOnly) await fetch(`${base}/`).then((r) => r.text());
    const sqliteFile = opts.databaseUrl ? undefined : path.join(dataDir, 'kassa.sqlite');
    return {
      pid: child.pid!,
      base,
      token,
      sessionId: String(id),
      sqliteFile,
      pgSchema: opts.databaseUrl ? (opts.pgSchema ?? 'kassa_bench') : undefined,
      output: child.output,
      stop,
    };
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- server output ---\n${child.output()}`, {
      cause: e,
    });
  }
};
