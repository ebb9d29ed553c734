import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** A port nobody listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Runs `node [...nodeArgs] <file>`: the child IS the node process (no wrapper), so its pid is the one whose RSS we read. Output is kept, not echoed. */
export const spawnNode = (
  file: string,
  env: Record<string, string>,
  ipc = false,
  nodeArgs: string[] = [],
  cwd = ROOT,
): ChildProcess & { output: () => string } => {
  const stdio = ipc ? (['ignore', 'pipe', 'pipe', 'ipc'] as const) : (['ignore', 'pipe', 'pipe'] as const);
  const child = spawn(process.execPath, [...nodeArgs, file], {
    cwd,
    env: { ...process.env, ...env },
    stdio: [...stdio],
  });
  let log = '';
  const keep = (b: Buffer) => (log = (log + b.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return Object.assign(child, { output: () => log });
};

/** A TypeScript file as `node --import tsx <file>` (the bench's own child measurements). */
export const spawnTs = (
  file: string,
  env: Record<string, string>,
  ipc = false,
): ChildProcess & { output: () => string } => spawnNode(file, env, ipc, ['--import', 'tsx']);

/** The child's IPC messages in order: next() resolves with the next one, or rejects if the child exits first. */
export const messages = (child: ChildProcess) => {
  const queue: unknown[] = [];
  const waiting: { resolve: (m: unknown) => void; reject: (e: Error) => void }[] = [];
  child.on('message', (m) => (waiting.length ? waiting.shift()!.resolve(m) : queue.push(m)));
  child.on('exit', (code) =>
    waiting.splice(0).forEach((w) => w.reject(new Error(`child exited (${code}) before reporting`))),
  );
  return {
    next: <T>(): Promise<T> =>
      queue.length
        ? Promise.resolve(queue.shift() as T)
        : child.exitCode !== null
          ? Promise.reject(new Error(`child exited (${child.exitCode}) before reporting`))
          : new Promise<T>((resolve, reject) => waiting.push({ resolve: resolve as (m: unknown) => void, reject })),
  };
};

/** Polls `url` until it answers 2xx; fails early if the child dies. */
export const waitForHttp = async (url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
};

/** SIGTERM, then SIGKILL if the child is still alive after `graceMs`. */
export const stopChild = (child: ChildProcess, graceMs = 5000): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Pins a process and all its threads to one CPU (`taskset -a -p`); false when taskset is missing or refused. */
export const pinToCpu = (pid: number, cpu: number): boolean =>
  spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0;
