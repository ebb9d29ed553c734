import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/http/route-table';
import { useKassa } from '../support/fixtures';
import { FUZZ_GROUPS, groupOf } from '../support/fuzz/groups';
import { judge } from '../support/fuzz/run-fuzz';
import { changedTables, snapshotState } from '../support/fuzz/snapshot';
import { installWriteCounter } from '../support/fuzz/write-counter';

/** The fuzz's own machinery: every operation is fuzzed, and the oracle and the state compare can fail. */

describe('every operation of the route table is fuzzed', () => {
  it('each operation falls in exactly one group, and each group has its fuzz file calling fuzzGroup with its name', () => {
    const groups = FUZZ_GROUPS.map(([name]) => name);
    for (const route of ROUTES) expect(groups, route.operationId).toContain(groupOf(route));
    for (const group of new Set(ROUTES.map(groupOf))) {
      const file = path.join(__dirname, `fuzz-${group}.test.ts`);
      expect(fs.existsSync(file), `${file} is missing`).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toContain(`fuzzGroup('${group}')`);
    }
  });
});

describe('the oracle', () => {
  const error = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: JSON.stringify({ error: { message: 'm', code, ...extra } }),
  });

  it('accepts successes, redirects and 4xx in the error shape with a known code', () => {
    expect(judge({ status: 200, body: '{}' })).toBeUndefined();
    expect(judge({ status: 302, body: '' })).toBeUndefined();
    expect(judge(error(400, 'INVALID_REQUEST', { errors: [{ path: 'a', message: 'x' }] }))).toBeUndefined();
    expect(judge(error(503, 'PROVIDER_UNAVAILABLE'))).toBeUndefined();
  });

  it('refuses 5xx, bodies outside the error shape, codes outside the closed set and malformed errors[]', () => {
    expect(judge(error(500, 'INTERNAL'))).toMatch(/500 INTERNAL/);
    expect(judge(error(503, 'SERVICE_UNAVAILABLE'))).toMatch(/503/);
    expect(judge({ status: 431, body: '' })).toMatch(/without a JSON error body/);
    expect(judge({ status: 400, body: '{"message":"x"}' })).toMatch(/not in the error shape/);
    expect(judge(error(400, 'NOT_A_CODE'))).toMatch(/outside the closed set/);
    expect(judge(error(400, 'INVALID_REQUEST', { errors: [{ path: 'a' }] }))).toMatch(/malformed errors/);
  });
});

describe('the state snapshot and the write counter', () => {
  const { db, srv } = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });

  it('the hash ignores row order, changes with any row of any table, and names the table', async () => {
    const before = await snapshotState(db());
    expect((await snapshotState(db())).hash).toBe(before.hash);
    await db().updateTable('accounts').set({ name: 'Renamed shop' }).execute();
    const after = await snapshotState(db());
    expect(after.hash).not.toBe(before.hash);
    expect(changedTables(before, after)).toEqual([expect.stringMatching(/^accounts /)]);
    expect(Object.keys(after.tables)).toEqual(
      expect.arrayContaining(['sessions', 'transactions', 'idempotency_keys', 'wallet_cards']),
    );
  });

  it('the write counter moves on a write (on PostgreSQL also one rolled back; on SQLite naming the table), and not on a read', async () => {
    const counter = await installWriteCounter(db(), srv.kassa.ctx.database.engine);
    const start = await counter.read();
    await db().selectFrom('sessions').selectAll().execute();
    expect(await counter.read()).toBe(start);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('accounts').set({ name: 'Rolled back' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const afterRollback = await counter.read();
    if (counter.committedByTable) expect(afterRollback).toBe(start);
    else expect(afterRollback).not.toBe(start);
    await sql`update accounts set name = name`.execute(db());
    const afterUpdate = await counter.read();
    expect(afterUpdate).not.toBe(afterRollback);
    if (counter.committedByTable) expect(counter.committedByTable(afterRollback, afterUpdate)).toEqual(['accounts']);
  });
});
