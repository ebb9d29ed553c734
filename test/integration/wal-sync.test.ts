import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { compiledOnce } from '../../server/db/compiled-once';
import { inTransaction } from '../../server/db/tx';
import { coalescedFlush, type WalSync } from '../../server/db/wal-sync';

/** SQLite group commit answers a batch only after the WAL is flushed off the event loop (ADR 026); on every engine run this tests the SQLite path. */

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const settled = async (p: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return state;
};

/** A flush function whose every call the test settles by hand: `flushes[i]` is the i-th call's. */
const controlledFlushes = () => {
  const flushes: ReturnType<typeof deferred>[] = [];
  const flush = () => {
    const d = deferred();
    flushes.push(d);
    return d.promise;
  };
  return { flushes, flush };
};

describe('coalescedFlush', () => {
  it('runs one flush at a time, and a caller that arrives during a flush waits for the next one', async () => {
    const { flushes, flush: raw } = controlledFlushes();
    const flush = coalescedFlush(raw);
    const first = flush();
    const second = flush();
    const third = flush();
    expect(flushes).toHaveLength(1);
    flushes[0]!.resolve();
    expect(await settled(first)).toBe('resolved');
    expect(await settled(second)).toBe('pending'); // its commit may have come after the first flush started
    expect(flushes).toHaveLength(2); // second and third share one
    flushes[1]!.resolve();
    expect(await settled(second)).toBe('resolved');
    expect(await settled(third)).toBe('resolved');
    expect(flushes).toHaveLength(2);
  });

  it('a failed flush fails the callers that waited for it, and the next caller gets a new flush', async () => {
    const { flushes, flush: raw } = controlledFlushes();
    const flush = coalescedFlush(raw);
    const first = flush();
    flushes[0]!.reject(new Error('EIO'));
    await expect(first).rejects.toThrow('EIO');
    const next = flush();
    expect(flushes).toHaveLength(2);
    flushes[1]!.resolve();
    await expect(next).resolves.toBeUndefined();
  });
});

describe('SQLite group commit with the WAL flushed off the event loop', () => {
  let database: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    database = undefined;
  });
  const open = async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-wal-'));
    database = await openDatabase({ dataDir: dir });
    await sql`create table kassa_wal_probe (k text primary key)`.execute(database.db); // every test's scratch table
    return database;
  };
  const insertKey = (exec: Parameters<Parameters<typeof inTransaction>[1]>[0], key: string) =>
    sql`insert into kassa_wal_probe (k) values (${key})`.execute(exec);
  const keys = async (db: Database) =>
    (await sql<{ k: string }>`select k from kassa_wal_probe order by k`.execute(db.db)).rows.map((r) => r.k);

  it('answers a transaction only after fdatasync of the WAL, which runs after its commit', async () => {
    const db = await open();
    expect(db.walSync).toBeDefined();
    const order: string[] = [];
    const real = fs.fdatasync;
    vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: (e: NodeJS.ErrnoException | null) => void) => {
      order.push('fdatasync');
      real(fd, cb);
    }) as typeof fs.fdatasync);
    const result = await inTransaction(db, async (trx) => {
      await insertKey(trx, 'a');
      order.push('job');
      return 'done';
    });
    order.push('answered');
    expect(result).toBe('done');
    expect(order.filter((o) => !o.startsWith('fdatasync')).join(',')).toBe('job,answered');
    expect(order.findIndex((o) => o.startsWith('fdatasync'))).toBeGreaterThan(order.indexOf('job'));
    expect(order.findIndex((o) => o.startsWith('fdatasync'))).toBeLessThan(order.indexOf('answered'));
    expect(await keys(db)).toEqual(['a']);
  });

  it('holds the answers while the flush runs, queues the next batch behind it, fails a batch whose flush fails, and keeps synchronous = FULL outside batches', async () => {
    const db = await open();
    const { flushes, flush } = controlledFlushes();
    const gated: Database = { ...db, walSync: Object.assign(flush, { close: async () => undefined }) as WalSync };
    const pending = inTransaction(gated, (trx) => insertKey(trx, 'b'));
    for (let i = 0; i < 500 && flushes.length === 0; i++) await new Promise((r) => setImmediate(r));
    expect(await keys(db)).toEqual(['b']); // committed (another reader sees it) ...
    expect(await settled(pending)).toBe('pending'); // ... but not answered before it is durable
    // a transaction asked for meanwhile waits for the next batch, after this flush
    const second = inTransaction(gated, (trx) => insertKey(trx, 'c'));
    expect(await settled(second)).toBe('pending');
    expect(await keys(db)).toEqual(['b']);
    flushes[0]!.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(pending).rejects.toThrow('EIO');
    for (let i = 0; i < 500 && flushes.length < 2; i++) await new Promise((r) => setImmediate(r));
    expect(await keys(db)).toEqual(['b', 'c']);
    expect(await settled(second)).toBe('pending');
    flushes[1]!.resolve();
    await expect(second).resolves.toBeDefined();
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.db);
    expect(rows[0]!.synchronous).toBe(2); // FULL: writes outside group commit fsync as before
  });

  it('a job that fails rolls back alone, and the others are answered after the flush', async () => {
    const db = await open();
    const ok = inTransaction(db, (trx) => insertKey(trx, 'x'));
    const dup = inTransaction(db, async (trx) => {
      await insertKey(trx, 'y');
      await insertKey(trx, 'x'); // primary key taken: this job fails
    });
    await expect(ok).resolves.toBeDefined();
    await expect(dup).rejects.toThrow();
    expect(await keys(db)).toEqual(['x']);
  });

  // Jobs run without savepoints (ADR 028); a failure is undone alone either way.
  it('a job that fails before changing a row costs the others nothing: every job runs once', async () => {
    const db = await open();
    const runs = { a: 0, refused: 0, c: 0 };
    const a = inTransaction(db, (trx) => (runs.a++, insertKey(trx, 'a')));
    const refused = inTransaction(db, async (trx) => {
      runs.refused++;
      await sql`select k from kassa_wal_probe`.execute(trx); // reads, then refuses
      throw new Error('refused');
    });
    const c = inTransaction(db, (trx) => (runs.c++, insertKey(trx, 'c')));
    await expect(Promise.all([a, c])).resolves.toBeDefined();
    await expect(refused).rejects.toThrow('refused');
    expect(runs).toEqual({ a: 1, refused: 1, c: 1 });
    expect(await keys(db)).toEqual(['a', 'c']);
  });

  it('a job that fails after changing rows is undone alone: the batch runs again with savepoints', async () => {
    const db = await open();
    const runs = { a: 0, failing: 0, c: 0 };
    const a = inTransaction(db, (trx) => (runs.a++, insertKey(trx, 'a')));
    const failing = inTransaction(db, async (trx) => {
      runs.failing++;
      await insertKey(trx, 'half');
      await sql`update kassa_wal_probe set k = 'a-changed' where k = 'a'`.execute(trx);
      throw new Error('failed after writing');
    });
    const c = inTransaction(db, (trx) => (runs.c++, insertKey(trx, 'c')));
    await expect(Promise.all([a, c])).resolves.toBeDefined();
    await expect(failing).rejects.toThrow('failed after writing');
    // the first pass was rolled back whole; the second ran every job once more, in savepoints
    expect(runs).toEqual({ a: 2, failing: 2, c: 1 });
    expect(await keys(db)).toEqual(['a', 'c']);
  });

  it('counts a write that returns rows (RETURNING) as a change: its failing job is undone too', async () => {
    const db = await open();
    const a = inTransaction(db, (trx) => insertKey(trx, 'a'));
    const failing = inTransaction(db, async (trx) => {
      await sql`insert into kassa_wal_probe (k) values ('returned') returning k`.execute(trx);
      throw new Error('failed after a returning insert');
    });
    await expect(a).resolves.toBeDefined();
    await expect(failing).rejects.toThrow('failed after a returning insert');
    expect(await keys(db)).toEqual(['a']);
  });

  it('a compiled read outside the batch never sees the uncommitted writes of a batch (it waits for the batch)', async () => {
    const db = await open();
    const read = compiledOnce((exec, k: string) =>
      (exec as unknown as Kysely<{ kassa_wal_probe: { k: string } }>)
        .selectFrom('kassa_wal_probe')
        .select('k')
        .where('k', '=', k),
    );
    expect(await read(db.db, 'dirty')).toEqual([]); // compiled, and run straight on the connection: no batch holds it
    const inserted = deferred();
    const release = deferred();
    const job = inTransaction(db, async (trx) => {
      await insertKey(trx, 'dirty');
      inserted.resolve();
      await release.promise; // the test's read runs now, between this job's statements
      throw new Error('undone');
    });
    await inserted.promise;
    const during = read(db.db, 'dirty');
    release.resolve();
    expect(await during).toEqual([]);
    await expect(job).rejects.toThrow('undone');
    expect(await keys(db)).toEqual([]);
  });

  it('a transaction alone in its batch that fails is rolled back', async () => {
    const db = await open();
    await expect(
      inTransaction(db, async (trx) => {
        await insertKey(trx, 'alone');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await inTransaction(db, (trx) => insertKey(trx, 'next'));
    expect(await keys(db)).toEqual(['next']);
  });
});
