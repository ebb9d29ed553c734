import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { updateRows } from '../../server/db/compiled-once';
import { expectChanged } from '../../server/db/expect-updated';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/** `updateRows` (compiled once per table and column lists) on the engine under test. */
describe('updateRows', () => {
  const k = useKassa();
  const session = async () => {
    const res = await k.api.post('/v1/sessions', sessionBody());
    expect(res.status).toBe(200);
    const db = k.srv.kassa.ctx.database.db;
    return {
      db,
      id: res.body.id as string,
      row: await db
        .selectFrom('sessions')
        .select(['version', 'status', 'customer_name', 'updated_at'])
        .where('id', '=', res.body.id as string)
        .executeTakeFirstOrThrow(),
    };
  };

  it('sets the given columns on the rows its where columns match, and counts them', async () => {
    const { db, id, row } = await session();
    expect(
      await updateRows(
        db,
        'sessions',
        { customer_name: 'Kari', version: row.version + 1 },
        { id, version: row.version },
      ),
    ).toBe(1);
    // the same shape again (now compiled) with other values, and a where that matches nothing
    expect(
      await updateRows(
        db,
        'sessions',
        { customer_name: 'Ola', version: row.version + 2 },
        { id, version: row.version },
      ),
    ).toBe(0);
    expect(
      await updateRows(
        db,
        'sessions',
        { customer_name: 'Ola', version: row.version + 2 },
        { id, version: row.version + 1 },
      ),
    ).toBe(1);
    const after = await db
      .selectFrom('sessions')
      .select(['customer_name', 'version', 'status', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({
      customer_name: 'Ola',
      version: row.version + 2,
      status: row.status,
      updated_at: row.updated_at,
    });
  });

  it('leaves out undefined values (as Kysely does) and writes nulls', async () => {
    const { db, id, row } = await session();
    expect(await updateRows(db, 'sessions', { customer_name: 'Kari', cancelled_by: undefined }, { id })).toBe(1);
    expect(await updateRows(db, 'sessions', { customer_name: null }, { id, status: row.status })).toBe(1);
    expect(
      await db
        .selectFrom('sessions')
        .select(['customer_name', 'cancelled_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ customer_name: null, cancelled_by: null });
  });

  it('refuses a value that is not a plain value (it would be compiled into the cached SQL)', async () => {
    const { db, id } = await session();
    await expect(
      updateRows(db, 'sessions', { customer_name: sql<string>`upper(${'x'})` as never }, { id }),
    ).rejects.toThrow('updateRows');
  });

  it('expectChanged answers 409 CONFLICT when no row changed', () => {
    expect(() => expectChanged(0, 'The session')).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => expectChanged(1, 'The session')).not.toThrow();
  });
});
