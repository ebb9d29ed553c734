import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SAFETY_NET_PAGES, startCheckpointer } from '../../server/db/checkpointer';
import { openDatabase, type Database } from '../../server/db/database';
import { inTransaction } from '../../server/db/tx';
import { WAIT_MS } from '../support/wait';

/** SQLite checkpoints run on a worker thread, not in the COMMIT on the event loop (ADR 026). */

const waitFor = async (ok: () => boolean, ms = WAIT_MS) => {
  for (const until = Date.now() + ms; Date.now() < until && !ok();) await new Promise((r) => setTimeout(r, 20));
  return ok();
};

describe('the WAL checkpointer', () => {
  let database: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    database = undefined;
  });

  it('copies committed pages into the database file from its worker while the writer checkpoints only past the safety net', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-ckpt-'));
    database = await openDatabase({ dataDir: dir });
    expect(database.checkpointer).toBeDefined();
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows[0]!.wal_autocheckpoint).toBe(SAFETY_NET_PAGES);
    await sql`create table kassa_ckpt_probe (k text primary key, v text)`.execute(database.db);
    const file = path.join(dir, 'kassa.sqlite');
    // let the table's creation reach the file first, then measure from there
    expect(await waitFor(() => fs.statSync(file).size > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const before = fs.statSync(file).size;
    // about 200 pages: far below the writer's automatic checkpoint at 10,000
    for (let batch = 0; batch < 20; batch++)
      await inTransaction(database, async (trx) => {
        for (let i = 0; i < 10; i++)
          await sql`insert into kassa_ckpt_probe (k, v) values (${`${batch}-${i}`}, ${'x'.repeat(3000)})`.execute(trx);
      });
    expect(await waitFor(() => fs.statSync(file).size >= before + 150 * 4096)).toBe(true);
  });

  it('hands checkpoints back to SQLite (1,000 pages) when its worker cannot run', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-ckpt-'));
    const set: number[] = [];
    const checkpointer = startCheckpointer(path.join(dir, 'x.sqlite'), (pages) => set.push(pages), {
      driver: path.join(dir, 'no-such-driver.js'),
    });
    expect(checkpointer).toBeDefined();
    expect(await waitFor(() => set.length === 2)).toBe(true);
    expect(set).toEqual([SAFETY_NET_PAGES, 1000]);
    await checkpointer!.close();
  });

  it('closing stops the worker without handing anything back', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-ckpt-'));
    database = await openDatabase({ dataDir: dir });
    const set: number[] = [];
    const checkpointer = startCheckpointer(path.join(dir, 'kassa.sqlite'), (pages) => set.push(pages))!;
    checkpointer.committed();
    await checkpointer.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(set).toEqual([SAFETY_NET_PAGES]);
  });
});
