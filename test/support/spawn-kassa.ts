import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WAIT_MS } from './wait';

/**
 * Spawns the compiled production server (`node dist/server/kassa.js`, API only) on a free port.
 * Kept free of server imports: the soak harness (soak/harness.ts) uses it too.
 */

const ROOT = path.resolve(__dirname, '../..');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export interface SpawnedKassa {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the signal or code the process ended with, once all it wrote has been read. */
  exited: Promise<Exit>;
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface SpawnOptions {
  /** Added to the base environment (PATH, HOME, NODE_ENV, KASSA_API_ONLY, PORT, HOST); may override it. */
  env: Record<string, string>;
  /** Whether the server serves yet; by default, whether it logged "Kassa is listening". */
  ready?: (baseUrl: string, output: string, child: ChildProcess) => boolean | Promise<boolean>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const logsListening = (_baseUrl: string, output: string) => /Kassa is listening/.test(output);

export const spawnKassa = async ({ env, ready = logsListening }: SpawnOptions): Promise<SpawnedKassa> => {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // 'close', not 'exit': 'exit' may come before the last of its stdout and stderr has been read, and `output()` must hold all it wrote
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`kassa exited while starting:\n${out}`);
    if (await ready(baseUrl, out, child)) break;
    if (Date.now() - start > WAIT_MS) {
      child.kill('SIGKILL');
      throw new Error(`kassa did not start within ${WAIT_MS} ms:\n${out}`);
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
