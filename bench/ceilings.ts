import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter, describeCpu } from './cpu';
import { measureHttp } from './load';
import type { Measurement } from './measurement';
import { freePort, messages, spawnTs, stopChild, waitForHttp } from './proc';

/** Ceiling A: bare node:http in its own process, loaded by autocannon from this one (one core each). */
export const ceilingHttp = async (seconds: number, warmup: number): Promise<Measurement> => {
  const port = await freePort();
  const child = spawnTs('bench/children/bare-http.ts', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(url, child);
    return await measureHttp({ name: 'Ceiling A: bare node:http', url, serverPid: child.pid }, seconds, warmup);
  } finally {
    await stopChild(child);
  }
};

/** Ceiling B: serial durable inserts into a fresh file DB (or, with databaseUrl, PostgreSQL), alone on the machine. */
export const ceilingStorage = async (seconds: number, databaseUrl?: string): Promise<Measurement> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-bench-sqlite-'));
  const env = { BENCH_DB_DIR: dir, BENCH_SECONDS_PHASE: String(seconds), BENCH_DATABASE_URL: databaseUrl ?? '' };
  const child = spawnTs(databaseUrl ? 'bench/children/pg-inserts.ts' : 'bench/children/sqlite-inserts.ts', env, true);
  const inbox = messages(child);
  try {
    await inbox.next<'start'>();
    const cpu = cpuMeter(child.pid);
    const m = await inbox.next<Measurement>();
    const window = cpu(m.count);
    return { ...m, cpu: window, notes: [...m.notes, describeCpu(window)] };
  } catch (e) {
    throw new Error(`${String(e)}\n${child.output()}`, { cause: e });
  } finally {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
