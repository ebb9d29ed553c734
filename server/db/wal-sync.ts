import fs from 'node:fs';

/**
 * Durability for SQLite group commit without blocking the event loop (ADR 026).
 *
 * A batch commits with `synchronous = NORMAL`: SQLite appends its frames to the WAL with write()
 * and returns without an fsync. Its callers are answered only after `fdatasync` of the WAL file
 * has run on libuv's thread pool, started after that commit returned, so an acknowledged write is
 * exactly as durable as with `synchronous = FULL`, and the event loop serves other requests while
 * the disk flushes (their transactions queue for the next batch, tx.ts). fsync flushes the file,
 * not the descriptor, so frames written by any connection are covered.
 */
export interface WalSync {
  /** Resolves once everything committed before the call is on disk. */
  (): Promise<void>;
  /** Flushes once more, then closes the file. */
  close(): Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Coalesces calls: one flush at a time; callers that arrive during a flush share the next one (it may have started before their commit). */
export const coalescedFlush = (flush: () => Promise<void>): (() => Promise<void>) => {
  let flushing = false;
  let waiting: Waiter[] = [];
  const start = () => {
    flushing = true;
    const batch = waiting;
    waiting = [];
    flush()
      .then(
        () => batch.forEach((w) => w.resolve()),
        (e: unknown) => batch.forEach((w) => w.reject(e)),
      )
      .finally(() => {
        flushing = false;
        if (waiting.length) start();
      });
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!flushing) start();
    });
};

/** `fdatasync` of the WAL at `walPath` (opened once; it exists while a WAL-mode connection is open), or undefined when it cannot be opened. */
export const openWalSync = (walPath: string): WalSync | undefined => {
  let fd: number;
  try {
    fd = fs.openSync(walPath, 'r+');
  } catch {
    return undefined;
  }
  const flush = coalescedFlush(
    () => new Promise<void>((resolve, reject) => fs.fdatasync(fd, (e) => (e ? reject(e) : resolve()))),
  );
  const close = () =>
    flush()
      .catch(() => undefined)
      .then(() => fs.closeSync(fd));
  return Object.assign(flush, { close });
};
