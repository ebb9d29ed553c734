import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/spawn-kassa';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 25 (ADR 044): two production processes on one SQLite data directory. Started together
 * on a fresh directory, one used to exit with "migration failed … table already exists"; started one
 * after the other, both served and froze each other behind SQLite's write lock. Now the directory is
 * locked before the migrations: exactly one serves, the other exits 1 with a message that says why.
 * SQLite only: on PostgreSQL (DATABASE_URL) several processes on one database are supported, so this
 * file skips there.
 */
const ROOT = path.resolve(__dirname, '../..');
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

interface Started {
  /** 'serving' once it logged that it listens; else the exit code once it ended. */
  outcome: Promise<'serving' | { code: number | null }>;
  output: () => string;
  pid: number;
  kill(signal: NodeJS.Signals): Promise<void>;
}

const start = async (dataDir: string): Promise<Started> => {
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
      KASSA_DATA_DIR: dataDir,
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<{ code: number | null }>((resolve) => child.once('close', (code) => resolve({ code })));
  const outcome = new Promise<'serving' | { code: number | null }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      if (/Kassa is listening/.test(out)) resolve('serving');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void closed.then(resolve);
    setTimeout(() => reject(new Error(`neither served nor exited within ${WAIT_MS} ms:\n${out}`)), WAIT_MS).unref();
  });
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await closed;
  };
  cleanup.push(() => kill('SIGKILL'));
  return { outcome, output: () => out, pid: child.pid!, kill };
};

const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-lock-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const REFUSAL =
  /Kassa could not start: another Kassa process \(pid \d+\) is using the data directory .*one process per data directory/;

const expectRefused = async (p: Started, holder: Started) => {
  const outcome = await p.outcome;
  expect(outcome, p.output()).not.toBe('serving');
  expect((outcome as { code: number | null }).code, p.output()).toBe(1);
  expect(p.output()).toMatch(REFUSAL);
  expect(p.output()).toContain(`(pid ${holder.pid})`);
  expect(p.output()).not.toMatch(/migration failed|already exists/);
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('one process per SQLite data directory (SQLite only)', () => {
  it('of two processes started together on a fresh directory, exactly one serves (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = freshDir();
      const both = await Promise.all([start(dir), start(dir)]);
      const outcomes = await Promise.all(both.map((p) => p.outcome));
      const serving = both.filter((_, i) => outcomes[i] === 'serving');
      expect(serving.length, both.map((p) => p.output()).join('\n----\n')).toBe(1);
      const other = both.find((p) => p !== serving[0])!;
      await expectRefused(other, serving[0]!);
      // the one that serves answers, its database migrated once
      const res = await fetch(`${serving[0]!.output().match(/http:\/\/127\.0\.0\.1:\d+/)![0]}/healthz`);
      expect(res.status).toBe(200);
      await serving[0]!.kill('SIGTERM');
    }
  });

  it('refuses a second process while the first serves, in either order, and takes the directory once its holder is gone', async () => {
    const dir = freshDir();
    const a = await start(dir);
    expect(await a.outcome, a.output()).toBe('serving');
    const b = await start(dir);
    await expectRefused(b, a);

    // the holder stops gracefully: the next one takes the directory, and now the first is the one refused
    await a.kill('SIGTERM');
    const c = await start(dir);
    expect(await c.outcome, c.output()).toBe('serving');
    const d = await start(dir);
    await expectRefused(d, c);

    // killed outright: no stale lock is left behind (the operating system drops it with the process)
    await c.kill('SIGKILL');
    const e = await start(dir);
    expect(await e.outcome, e.output()).toBe('serving');
    await e.kill('SIGTERM');
  });
});
