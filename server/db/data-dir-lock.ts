import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/**
 * One process per SQLite data directory (issue 37 item 25, ADR 044). Two processes on one directory
 * raced each other's migrations ("table already exists") and froze each other behind SQLite's write
 * lock, `/healthz` included (busy_timeout waits on the event loop). The server takes this lock before
 * it opens the database and holds it until it exits; a second process is refused at startup.
 *
 * The lock is an exclusive SQLite lock on `kassa.lock` in the directory (locking_mode EXCLUSIVE, held
 * from the first write until the connection closes). It is the operating system's file lock, so a
 * process that dies, even by kill -9, drops it at once: there is no stale lock to clean up and no pid
 * that could have been reused. `kassa.pid` beside it only names the holder in the refusal.
 */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `another Kassa process${holderPid ? ` (pid ${holderPid})` : ''} is using the data directory ${dataDir}. ` +
        'SQLite serves one process per data directory; stop the other one, give this one its own KASSA_DATA_DIR, ' +
        'or use PostgreSQL (DATABASE_URL) to run several processes on one database.',
    );
    this.name = 'DataDirLocked';
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'kassa.lock';
const PID_FILE = 'kassa.pid';

const readPid = (dataDir: string): number | undefined => {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
};

/** The holder's pid: it writes the file just after it took the lock, so a loser may wait a moment for it. */
const findHolderPid = (dataDir: string): number | undefined => {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 20; i++) {
    const pid = readPid(dataDir);
    if (pid !== undefined && alive(pid)) return pid;
    Atomics.wait(pause, 0, 0, 50); // at startup only, before anything else runs
  }
  return undefined;
};

const isBusy = (e: unknown): boolean => /^SQLITE_BUSY|^SQLITE_LOCKED/.test(String((e as { code?: unknown }).code));

/** Takes the data directory's lock, or throws DataDirLocked when another process holds it. */
export const lockDataDir = (dataDir: string): DataDirLock => {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new BetterSqlite3(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this locking mode it is kept until close().
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
    lock.prepare('DELETE FROM holder').run();
    lock.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
  } catch (e) {
    lock.close();
    if (isBusy(e)) throw new DataDirLocked(dataDir, findHolderPid(dataDir));
    throw e;
  }
  fs.writeFileSync(path.join(dataDir, PID_FILE), `${process.pid}\n`);
  return {
    release() {
      if (!lock.open) return;
      if (readPid(dataDir) === process.pid) fs.rmSync(path.join(dataDir, PID_FILE), { force: true });
      lock.close();
    },
  };
};
