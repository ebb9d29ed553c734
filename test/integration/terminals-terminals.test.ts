import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { kassaForTest, OTHER, useKassa } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import {
  accountPath,
  allPages,
  clientWithScopes,
  created,
  del,
  expectRejected,
  STORES,
  storeBody,
  storeWithPayouts,
  serialNumber,
  TERMINALS,
  uniqueId,
} from '../support/terminals-api';

const k = useKassa({ other: true });
const { api, other } = k;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const terminalNumber = (terminalId: string) => {
  expect(terminalId).toMatch(new RegExp(`^${ACCOUNT}-T\\d{4}$`));
  return Number(terminalId.slice(-4));
};
const register = async (storeId: string, serial = serialNumber()) =>
  created(api, TERMINALS, { device_serial_number: serial, store_id: storeId });
const listed = async (query: string) =>
  (await allPages(api, `${TERMINALS}?${query}`, 100, (b) => b.terminals)).map((t) => t.terminal_id);

describe('registering a terminal', () => {
  it('a terminal gets terminal_id <aid>-TNNNN, the model its serial number names, status ACTIVE, and reads back the same', async () => {
    const { store } = await storeWithPayouts(api);
    const serial = serialNumber('S1F2');
    const terminal = await register(store.store_id, serial);
    expect(terminal).toEqual({
      id: expect.stringMatching(UUID),
      terminal_id: expect.stringMatching(new RegExp(`^${ACCOUNT}-T\\d{4}$`)),
      device_serial_number: serial,
      device_model: 'SATURN1000',
      store_id: store.store_id,
      status: 'ACTIVE',
      created_at: expect.any(String),
      created_by: CLIENT_ID,
      updated_at: terminal.created_at,
    });
    expect((await api.get(`${TERMINALS}/${terminal.terminal_id}`)).body).toEqual(terminal);
    expect(terminalNumber((await register(store.store_id)).terminal_id)).toBe(terminalNumber(terminal.terminal_id) + 1);
  });

  it.each([
    ['S1F2', 'SATURN1000'],
    ['S1F4P', 'Saturn_S1F4_Pro'],
    ['s1f4p', 'Saturn_S1F4_Pro'],
    ['S1P2', 'S1P2'],
    ['S1M2', 'S1MINI2'],
    ['s1m2', 'S1MINI2'],
  ])('a serial number starting with %s is a %s', async (prefix, model) => {
    const { store } = await storeWithPayouts(api);
    expect((await register(store.store_id, serialNumber(prefix))).device_model).toBe(model);
  });

  it.each(['S1F4', '123456789012', 'PAX-A920', 'XS1F2'])(
    'a serial number %s of no known model is 400 UNKNOWN_DEVICE_MODEL and changes nothing',
    async (prefix) => {
      const { store } = await storeWithPayouts(api);
      const error = await expectRejected(
        k,
        () => api.post(TERMINALS, { device_serial_number: `${prefix}0001`, store_id: store.store_id }),
        400,
        'UNKNOWN_DEVICE_MODEL',
      );
      expect(error.message).toContain('S1F4P (Saturn_S1F4_Pro)');
      expect(error.errors?.[0]?.path).toBe('device_serial_number');
    },
  );

  it('a device_model in the request is refused with a clear message (it is resolved from the serial number)', async () => {
    const { store } = await storeWithPayouts(api);
    const error = await expectRejected(
      k,
      () =>
        api.post(TERMINALS, {
          device_serial_number: serialNumber(),
          store_id: store.store_id,
          device_model: 'SATURN1000',
        }),
      400,
      'INVALID_REQUEST',
    );
    // not a field of the request (the document leaves it out of the body; the answer has it)
    expect(error.errors).toContainEqual({
      path: 'device_model',
      message: 'device_model is resolved from device_serial_number; leave it out',
      code: 'unrecognized_keys',
    });
  });

  it.each([
    ['no device_serial_number', { device_serial_number: undefined }],
    ['an empty device_serial_number', { device_serial_number: '' }],
    ['a device_serial_number with spaces', { device_serial_number: 'S1F2 0001' }],
    ['a device_serial_number of 65 characters', { device_serial_number: `S1F2${'0'.repeat(61)}` }],
    ['no store_id', { store_id: undefined }],
    ['an unknown field', { location_id: 'x' }],
  ])('%s is 400 INVALID_REQUEST and changes nothing', async (_name, overrides) => {
    const { store } = await storeWithPayouts(api);
    await expectRejected(
      k,
      () => api.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id, ...overrides }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('a store that does not exist is 404 STORE_NOT_FOUND; the store is found by its client store_id only', async () => {
    const { store } = await storeWithPayouts(api);
    const error = await expectRejected(
      k,
      () => api.post(TERMINALS, { device_serial_number: serialNumber(), store_id: uniqueId('nope') }),
      404,
      'STORE_NOT_FOUND',
    );
    expect(error.errors?.[0]?.path).toBe('store_id');
    await expectRejected(
      k,
      () => api.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.id }),
      404,
      'STORE_NOT_FOUND',
    );
  });

  it('a store without a payout destination is 400 STORE_HAS_NO_PAYOUT_DESTINATION with a clear message, and changes nothing', async () => {
    const store = await created(api, STORES, storeBody());
    const error = await expectRejected(
      k,
      () => api.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id }),
      400,
      'STORE_HAS_NO_PAYOUT_DESTINATION',
    );
    expect(error.message).toBe(
      `Store ${store.store_id} has no payout destination; terminals can only be registered in a store that has one`,
    );
  });

  it('a serial number on a live terminal of the account is 409 TERMINAL_ALREADY_EXISTS, in any store and any case; rejected creations use up no number', async () => {
    const [a, b] = [(await storeWithPayouts(api)).store, (await storeWithPayouts(api)).store];
    const serial = serialNumber('S1P2');
    const first = await register(a.store_id, serial);
    for (const again of [serial, serial.toLowerCase()]) {
      const error = await expectRejected(
        k,
        () => api.post(TERMINALS, { device_serial_number: again, store_id: b.store_id }),
        409,
        'TERMINAL_ALREADY_EXISTS',
      );
      expect(error.message).toContain(first.terminal_id);
    }
    expect(terminalNumber((await register(a.store_id)).terminal_id)).toBe(terminalNumber(first.terminal_id) + 1);
  });

  it('once its terminal is deleted, a serial number can be registered again, as a new terminal', async () => {
    const { store } = await storeWithPayouts(api);
    const serial = serialNumber('S1M2');
    const first = await register(store.store_id, serial);
    expect((await del(api, `${TERMINALS}/${first.terminal_id}`)).status).toBe(200);
    const second = await register(store.store_id, serial);
    expect(second.terminal_id).not.toBe(first.terminal_id);
    expect(second.status).toBe('ACTIVE');
    expect((await api.get(`${TERMINALS}/${first.terminal_id}`)).body.status).toBe('DELETED');
  });

  it('a retry with the same Idempotency-Key answers the first terminal again and registers one', async () => {
    const { store } = await storeWithPayouts(api);
    const body = { device_serial_number: serialNumber(), store_id: store.store_id };
    const headers = { 'idempotency-key': uniqueId('key') };
    const first = await api.post(TERMINALS, body, headers);
    const again = await api.post(TERMINALS, body, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      (
        await k
          .db()
          .selectFrom('terminals')
          .select('id')
          .where('device_serial_number', '=', body.device_serial_number)
          .execute()
      ).length,
    ).toBe(1);
  });
});

describe('reading and deleting a terminal', () => {
  it('an unknown terminal_id is 404 TERMINAL_NOT_FOUND with the error body; one longer than 255 characters is 400', async () => {
    for (const res of [
      await api.get(`${TERMINALS}/${ACCOUNT}-T9999`),
      await api.get(`${TERMINALS}/${'t'.repeat(255)}`),
      await del(api, `${TERMINALS}/${uniqueId('nope')}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'TERMINAL_NOT_FOUND', message: expect.any(String) });
    }
    const long = await api.get(`${TERMINALS}/${'t'.repeat(256)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.errors[0].path).toBe('params.terminal_id');
    expect((await del(api, `${TERMINALS}/${'t'.repeat(256)}`)).status).toBe(400);
  });

  it('no token or an invalid token is 401 with the error body', async () => {
    const { store } = await storeWithPayouts(api);
    const terminal = await register(store.store_id);
    for (const client of [new ApiClient(k.srv.baseUrl), new ApiClient(k.srv.baseUrl, 'not-a-jwt')]) {
      for (const res of [await client.get(`${TERMINALS}/${terminal.terminal_id}`), await client.get(TERMINALS)]) {
        expect(res.status).toBe(401);
        expect(res.body.error.message).toEqual(expect.any(String));
      }
      await expectRejected(k, () => del(client, `${TERMINALS}/${terminal.terminal_id}`), 401, 'UNAUTHORIZED');
      await expectRejected(
        k,
        () => client.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id }),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  it('delete makes the terminal DELETED with deleted_at and deleted_by; it still reads, and deleting it again changes nothing', async () => {
    const { store } = await storeWithPayouts(api);
    const terminal = await register(store.store_id);
    const deleted = await del(api, `${TERMINALS}/${terminal.terminal_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      ...terminal,
      status: 'DELETED',
      deleted_at: expect.any(String),
      deleted_by: CLIENT_ID,
      updated_at: deleted.body.deleted_at,
    });
    expect(Date.parse(deleted.body.deleted_at)).toBeGreaterThanOrEqual(Date.parse(terminal.created_at));
    expect((await api.get(`${TERMINALS}/${terminal.terminal_id}`)).body).toEqual(deleted.body);
    const again = await del(api, `${TERMINALS}/${terminal.terminal_id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(deleted.body);
  });
});

describe('listing terminals', () => {
  it('lists {terminals, starting_after} in registration order, pages with limit and starting_after, and refuses an unknown starting_after', async () => {
    const { store } = await storeWithPayouts(api);
    const mine = [await register(store.store_id), await register(store.store_id), await register(store.store_id)];
    const first = await api.get(`${TERMINALS}?store_id[]=${store.store_id}&limit=2`);
    expect(first.body).toEqual({ terminals: mine.slice(0, 2), starting_after: mine[1].terminal_id });
    expect(first.headers.get('paging_token')).toBe(mine[1].terminal_id);
    const second = await api.get(
      `${TERMINALS}?store_id[]=${store.store_id}&limit=2&starting_after=${mine[1].terminal_id}`,
    );
    expect(second.body).toEqual({ terminals: [mine[2]] });
    expect(second.headers.get('paging_token')).toBeNull();
    const all = await allPages(api, TERMINALS, 100, (b) => b.terminals);
    expect(await allPages(api, TERMINALS, 3, (b) => b.terminals)).toEqual(all);
    expect(all.map((t) => terminalNumber(t.terminal_id))).toEqual(
      all.map((t) => terminalNumber(t.terminal_id)).sort((a, b) => a - b),
    );
    const unknown = await api.get(`${TERMINALS}?starting_after=${ACCOUNT}-T9999`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors[0].path).toBe('query.starting_after');
  });

  it('filters by store_id[] and payout_destination_id[] (repeated, or store_id / payout_destination_id), and includes=store adds store {id, store_name}', async () => {
    const one = await storeWithPayouts(api);
    const two = await storeWithPayouts(api);
    const [t1, t2] = [await register(one.store.store_id), await register(two.store.store_id)];
    expect(await listed(`store_id[]=${one.store.store_id}`)).toEqual([t1.terminal_id]);
    expect(await listed(`store_id=${two.store.store_id}`)).toEqual([t2.terminal_id]);
    expect(await listed(`store_id[]=${one.store.store_id}&store_id[]=${two.store.store_id}`)).toEqual([
      t1.terminal_id,
      t2.terminal_id,
    ]);
    expect(await listed(`payout_destination_id[]=${two.payout.payout_destination_id}`)).toEqual([t2.terminal_id]);
    expect(
      await listed(`payout_destination_id=${one.payout.payout_destination_id},${two.payout.payout_destination_id}`),
    ).toEqual([t1.terminal_id, t2.terminal_id]);
    expect(
      await listed(`store_id[]=${one.store.store_id}&payout_destination_id[]=${two.payout.payout_destination_id}`),
    ).toEqual([]);
    expect(await listed(`store_id[]=${uniqueId('none')}`)).toEqual([]);
    const withStore = await api.get(`${TERMINALS}?store_id[]=${one.store.store_id}&includes=store`);
    expect(withStore.body.terminals).toEqual([
      { ...t1, store: { id: one.store.id, store_name: one.store.store_name } },
    ]);
    expect((await api.get(`${TERMINALS}?includes=everything`)).status).toBe(400);
  });

  it('a deleted terminal is left out of the list unless include_deleted=true', async () => {
    const { store } = await storeWithPayouts(api);
    const [kept, gone] = [await register(store.store_id), await register(store.store_id)];
    await del(api, `${TERMINALS}/${gone.terminal_id}`);
    expect(await listed(`store_id[]=${store.store_id}`)).toEqual([kept.terminal_id]);
    expect(await listed(`store_id[]=${store.store_id}&include_deleted=false`)).toEqual([kept.terminal_id]);
    expect(await listed(`store_id[]=${store.store_id}&include_deleted=true`)).toEqual([
      kept.terminal_id,
      gone.terminal_id,
    ]);
    expect((await api.get(`${TERMINALS}?include_deleted=yes`)).status).toBe(400);
  });
});

describe('another account, scopes and concurrency', () => {
  it("another account's token gets 404 on every terminal operation of this account, and changes nothing", async () => {
    const { store } = await storeWithPayouts(api);
    const terminal = await register(store.store_id);
    for (const call of [
      () => other.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id }),
      () => other.get(TERMINALS),
      () => other.get(`${TERMINALS}/${terminal.terminal_id}`),
      () => del(other, `${TERMINALS}/${terminal.terminal_id}`),
    ]) {
      await expectRejected(k, call, 404, 'ACCOUNT_NOT_FOUND');
    }
  });

  it("in its own account, another account cannot see, delete or register into this account's terminals and stores, and its serial numbers are its own", async () => {
    const { store } = await storeWithPayouts(api);
    const terminal = await register(store.store_id);
    const own = (rest: string) => accountPath(OTHER.accountId, rest);
    await expectRejected(k, () => other.get(own(`terminals/${terminal.terminal_id}`)), 404, 'TERMINAL_NOT_FOUND');
    await expectRejected(k, () => del(other, own(`terminals/${terminal.terminal_id}`)), 404, 'TERMINAL_NOT_FOUND');
    await expectRejected(
      k,
      () => other.post(own('terminals'), { device_serial_number: serialNumber(), store_id: store.store_id }),
      404,
      'STORE_NOT_FOUND',
    );
    const theirs = await storeWithPayouts(other, OTHER.accountId);
    const same = await created(other, own('terminals'), {
      device_serial_number: terminal.device_serial_number,
      store_id: theirs.store.store_id,
    });
    expect(same.terminal_id).toMatch(new RegExp(`^${OTHER.accountId}-T\\d{4}$`));
    const list = await other.get(`${own('terminals')}?limit=100&include_deleted=true`);
    expect(list.body.terminals.map((t: { terminal_id: string }) => t.terminal_id)).toEqual([same.terminal_id]);
    expect((await api.get(`${TERMINALS}/${terminal.terminal_id}`)).body).toEqual(terminal);
  });

  it('reads need admin:accounts or read:accounts and writes admin:accounts or write:accounts: 403 otherwise, and nothing changes', async () => {
    const { store } = await storeWithPayouts(api);
    const terminal = await register(store.store_id);
    const reader = await clientWithScopes(k, ['read:accounts']);
    const writer = await clientWithScopes(k, ['write:accounts'], 'terminal-writer');
    const none = await clientWithScopes(k, ['admin:checkout', 'admin:customers', 'admin:wallets']);
    expect((await reader.get(`${TERMINALS}/${terminal.terminal_id}`)).body).toEqual(terminal);
    expect((await reader.get(TERMINALS)).status).toBe(200);
    await expectRejected(
      k,
      () => reader.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    await expectRejected(k, () => del(reader, `${TERMINALS}/${terminal.terminal_id}`), 403, 'INSUFFICIENT_SCOPE');
    await expectRejected(k, () => none.get(`${TERMINALS}/${terminal.terminal_id}`), 403, 'INSUFFICIENT_SCOPE');
    await expectRejected(k, () => none.get(TERMINALS), 403, 'INSUFFICIENT_SCOPE');
    const mine = await created(writer, TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id });
    expect(mine.created_by).toBe('terminal-writer');
    expect((await del(writer, `${TERMINALS}/${mine.terminal_id}`)).body.deleted_by).toBe('terminal-writer');
  });

  it('terminals registered at the same time get distinct, consecutive terminal_ids, and of one serial number sent at once exactly one is registered', async () => {
    const fresh = await kassaForTest();
    const { store } = await storeWithPayouts(fresh.api);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        fresh.api.post(TERMINALS, { device_serial_number: serialNumber(), store_id: store.store_id }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.map((r) => r.body.terminal_id).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `${ACCOUNT}-T${String(i + 1).padStart(4, '0')}`),
    );

    const serial = serialNumber('S1F4P');
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        fresh.api.post(TERMINALS, { device_serial_number: serial, store_id: store.store_id }),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(same.filter((r) => r.status === 409).every((r) => r.body.error.code === 'TERMINAL_ALREADY_EXISTS')).toBe(
      true,
    );
    const next = await created(fresh.api, TERMINALS, {
      device_serial_number: serialNumber(),
      store_id: store.store_id,
    });
    expect(next.terminal_id).toBe(`${ACCOUNT}-T0014`);
  });
});
