import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop (ADR 026). SQLite's automatic checkpoint runs inside a
 * `COMMIT` once the WAL passes 1,000 pages: it copies those pages into the database file and
 * fsyncs it, on the thread that serves requests. Here a worker thread with its own connection runs
 * `wal_checkpoint(PASSIVE)` (it never blocks the writer) a moment after commits; the writer's own
 * automatic checkpoint stays as a safety net at `SAFETY_NET_PAGES` and returns to SQLite's default
 * if the worker ever stops.
 */
export interface Checkpointer {
  /** Called after each commit: asks for a checkpoint within `delayMs`, one at a time. */
  committed(): void;
  close(): Promise<void>;
}

export const SAFETY_NET_PAGES = 10_000;
const DEFAULT_PAGES = 1_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); parentPort.close(); return; }
  try { db.pragma('wal_checkpoint(PASSIVE)'); parentPort.postMessage('done'); }
  catch (e) { parentPort.postMessage('failed'); }
});
`;

/** The driver's path, resolved from the running program (a worker evaluates code without a module of its own). */
const driverPath = (): string | undefined => {
  try {
    return createRequire(process.argv[1] ?? path.join(process.cwd(), 'index.js')).resolve('better-sqlite3');
  } catch {
    return undefined;
  }
};

/** `setAutocheckpoint(pages)` sets the writer connection's automatic checkpoint threshold. */
export const startCheckpointer = (
  file: string,
  setAutocheckpoint: (pages: number) => void,
  { delayMs = 100, driver = driverPath() }: { delayMs?: number; driver?: string } = {},
): Checkpointer | undefined => {
  if (!driver) return undefined;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  worker.unref();
  let stopped = false;
  let running = false;
  let due: NodeJS.Timeout | undefined;
  const giveUp = () => {
    if (stopped) return;
    stopped = true;
    setAutocheckpoint(DEFAULT_PAGES);
  };
  worker.on('error', giveUp);
  worker.on('exit', giveUp);
  worker.on('message', () => {
    running = false;
  });
  setAutocheckpoint(SAFETY_NET_PAGES);
  return {
    committed() {
      if (stopped || running || due) return;
      due = setTimeout(() => {
        due = undefined;
        if (stopped || running) return;
        running = true;
        worker.postMessage('checkpoint');
      }, delayMs);
      due.unref();
    },
    async close() {
      if (due) clearTimeout(due);
      if (stopped) return;
      stopped = true;
      // referenced while it closes: a process shutting down must not end (exit 0, nothing logged) while it waits
      worker.ref();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
};
