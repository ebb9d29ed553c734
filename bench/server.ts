import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, sessionBody } from './fixtures';
import { freePort, ROOT, spawnNode, stopChild, waitForHttp } from './proc';

const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server', 'kassa.js');

export interface KassaServer {
  pid: number;
  base: string;
  token: string;
  sessionId: string;
  output(): string;
  stop(): Promise<void>;
}

/** The production artifacts (.next and dist/server/kassa.js): built as `npm start` builds them, only when missing or stale (not timed). */
const ensureBuilt = (): void => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build-lib.mjs')).buildMissing()"], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the production server failed');
};

const postJson = async (url: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};

/** Starts the compiled production server (`node dist/server/kassa.js`, with Next) on a fresh SQLite data dir; returns a token and one session. */
export const startKassa = async (): Promise<KassaServer> => {
  ensureBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-bench-data-'));
  const child: ChildProcess & { output(): string } = spawnNode(SERVER_BUNDLE, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    KASSA_DATA_DIR: dataDir,
    DATABASE_URL: '',
    KASSA_PUBLIC_URL: '',
    KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
    KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
    KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/v1/openapi.json`, child, 120_000);
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const audience = `${base}/v1/accounts/${ACCOUNT}`;
    const { access_token } = await postJson(`${audience}/auth/token`, { authorization: basic }, { grant_type: 'client_credentials', audience });
    const token = String(access_token);
    const { id } = await postJson(`${base}/v1/sessions`, { authorization: `Bearer ${token}` }, sessionBody('bench-setup'));
    // One page render, so the memory measured includes Next's rendering path, not just its boot.
    await fetch(`${base}/`).then((r) => r.text());
    return { pid: child.pid!, base, token, sessionId: String(id), output: child.output, stop };
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- server output ---\n${child.output()}`, { cause: e });
  }
};
