import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { kassaForTest, OTHER, useKassa } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import {
  accountPath,
  allPages,
  clientWithScopes,
  created,
  expectRejected,
  PAYOUTS,
  payoutBody,
  STORES,
  storeBody,
  storedState,
  uniqueId,
} from '../support/terminals-api';

const k = useKassa({ other: true });
const { api, other } = k;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const storeNumber = (id: string) => {
  expect(id).toMatch(new RegExp(`^${ACCOUNT}-\\d{4}$`));
  return Number(id.slice(-4));
};

describe('payout destinations', () => {
  it('a created payout destination is ACTIVE, carries its bank accounts and organization, and reads back the same', async () => {
    const body = payoutBody({
      bank_accounts: [
        payoutBody().bank_accounts[0],
        {
          bank_account_currency: 'SEK',
          bank_account_number: '1234-5678',
          bank_account_number_type: 'BBAN',
          bank_account_country_code: 'SE',
        },
      ],
    });
    const pd = await created(api, PAYOUTS, body);
    expect(pd).toMatchObject({
      payout_destination_id: body.payout_destination_id,
      payout_reference: 'Shop AS payouts',
      type: 'company',
      case_status: 'ACTIVE',
      account_id: ACCOUNT,
      created_by: CLIENT_ID,
      organization: body.organization,
    });
    expect(pd.id).toMatch(UUID);
    expect(pd.bank_accounts).toEqual([
      { ...body.bank_accounts[0], bank_account_currency: 'NOK', bank_account_country_code: 'NO' },
      {
        bank_account_currency: 'SEK',
        bank_account_number: '1234-5678',
        bank_account_number_type: 'BBAN',
        bank_account_country_code: 'SE',
      },
    ]);
    expect(Date.parse(pd.created_at)).not.toBeNaN();
    expect((await api.get(`${PAYOUTS}/${pd.payout_destination_id}`)).body).toEqual(pd);
    expect((await allPages(api, PAYOUTS, 100)).map((p) => p.payout_destination_id)).toContain(pd.payout_destination_id);
  });

  it('type defaults to company and organization and payout_reference may be left out', async () => {
    const { type: _t, organization: _o, payout_reference: _r, ...body } = payoutBody();
    const pd = await created(api, PAYOUTS, body);
    expect(pd.type).toBe('company');
    expect(pd).not.toHaveProperty('organization');
    expect(pd).not.toHaveProperty('payout_reference');
    expect((await created(api, PAYOUTS, payoutBody({ type: 'individual' }))).type).toBe('individual');
  });

  it('a payout_destination_id that already exists is 409 PAYOUT_DESTINATION_ALREADY_EXISTS and the first one is unchanged', async () => {
    const first = await created(api, PAYOUTS, payoutBody());
    const error = await expectRejected(
      k,
      () =>
        api.post(
          PAYOUTS,
          payoutBody({ payout_destination_id: first.payout_destination_id, payout_reference: 'someone else' }),
        ),
      409,
      'PAYOUT_DESTINATION_ALREADY_EXISTS',
    );
    expect(error.errors).toEqual([{ path: 'payout_destination_id', message: 'already exists' }]);
    expect((await api.get(`${PAYOUTS}/${first.payout_destination_id}`)).body).toEqual(first);
  });

  it.each([
    [
      'a payout_destination_id longer than 40 characters',
      { payout_destination_id: 'a'.repeat(41) },
      'payout_destination_id',
    ],
    ['a payout_destination_id with other characters', { payout_destination_id: 'seller 1' }, 'payout_destination_id'],
    ['no payout_destination_id', { payout_destination_id: undefined }, 'payout_destination_id'],
    ['no bank account', { bank_accounts: [] }, 'bank_accounts'],
    ['three bank accounts', { bank_accounts: [0, 1, 2].map(() => payoutBody().bank_accounts[0]) }, 'bank_accounts'],
    [
      'a bank account without its number',
      { bank_accounts: [{ ...payoutBody().bank_accounts[0], bank_account_number: undefined }] },
      'bank_accounts.0.bank_account_number',
    ],
    [
      'an unknown currency',
      { bank_accounts: [{ ...payoutBody().bank_accounts[0], bank_account_currency: 'XYZ' }] },
      'bank_accounts.0.bank_account_currency',
    ],
    ['a type other than company or individual', { type: 'partnership' }, 'type'],
    ['an unknown top-level field', { payout_frequency_x: 'day' }, undefined],
  ])('%s is 400 INVALID_REQUEST and stores nothing', async (_name, overrides, path) => {
    const error = await expectRejected(k, () => api.post(PAYOUTS, payoutBody(overrides)), 400, 'INVALID_REQUEST');
    if (path) expect(error.errors?.map((e) => e.path)).toContain(path);
  });

  it('an unknown payout destination is 404 PAYOUT_DESTINATION_NOT_FOUND', async () => {
    const res = await api.get(`${PAYOUTS}/${uniqueId('nope')}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('PAYOUT_DESTINATION_NOT_FOUND');
  });

  it('the list pages oldest first with limit, starting_after and the paging_token header', async () => {
    const mine = [
      await created(api, PAYOUTS, payoutBody()),
      await created(api, PAYOUTS, payoutBody()),
      await created(api, PAYOUTS, payoutBody()),
    ];
    const all = await allPages(api, PAYOUTS, 100);
    expect(await allPages(api, PAYOUTS, 2)).toEqual(all);
    const ids = all.map((p) => p.payout_destination_id);
    expect(ids.slice(-3)).toEqual(mine.map((p) => p.payout_destination_id));
    const page = await api.get(`${PAYOUTS}?limit=1&starting_after=${mine[0].payout_destination_id}`);
    expect(page.body).toEqual([mine[1]]);
    expect(page.headers.get('paging_token')).toBe(mine[1].payout_destination_id);
    const last = await api.get(`${PAYOUTS}?limit=100&starting_after=${mine[1].payout_destination_id}`);
    expect(last.body).toEqual([mine[2]]);
    expect(last.headers.get('paging_token')).toBeNull();
    const unknown = await api.get(`${PAYOUTS}?starting_after=${uniqueId('nope')}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors[0].path).toBe('query.starting_after');
    expect((await api.get(`${PAYOUTS}?limit=101`)).status).toBe(400);
  });
});

describe('stores', () => {
  it('a created store carries the client store_id and Kassa id <aid>-NNNN, numbered in the order stores are created', async () => {
    const pd = await created(api, PAYOUTS, payoutBody());
    const body = storeBody(pd.payout_destination_id, {
      organization: { organization_number: '923663487', kept: 'as sent' },
    });
    const first = await created(api, STORES, body);
    expect(first).toMatchObject({ ...body, account_id: ACCOUNT, created_by: CLIENT_ID });
    const second = await created(api, STORES, storeBody());
    expect(storeNumber(second.id)).toBe(storeNumber(first.id) + 1);
    expect(second).not.toHaveProperty('payout_destination');
    expect((await api.get(`${STORES}/${body.store_id}`)).body).toEqual(first);
    expect((await allPages(api, STORES, 100)).slice(-2)).toEqual([first, second]);
  });

  it("the first store of an account is <aid>-0001, and another account's numbers are its own", async () => {
    const fresh = await kassaForTest({ other: true });
    expect((await created(fresh.api, STORES, storeBody())).id).toBe(`${ACCOUNT}-0001`);
    expect((await created(fresh.api, STORES, storeBody())).id).toBe(`${ACCOUNT}-0002`);
    expect((await created(fresh.other, accountPath(OTHER.accountId, 'stores'), storeBody())).id).toBe(
      `${OTHER.accountId}-0001`,
    );
  });

  it('a store_id that already exists is 409 STORE_ALREADY_EXISTS, changes nothing and uses up no number', async () => {
    const first = await created(api, STORES, storeBody());
    await expectRejected(
      k,
      () => api.post(STORES, storeBody(undefined, { store_id: first.store_id, store_name: 'Other' })),
      409,
      'STORE_ALREADY_EXISTS',
    );
    expect((await api.get(`${STORES}/${first.store_id}`)).body).toEqual(first);
    expect(storeNumber((await created(api, STORES, storeBody())).id)).toBe(storeNumber(first.id) + 1);
  });

  it('a payout destination that does not exist is 404 PAYOUT_DESTINATION_NOT_FOUND naming the field, and nothing is stored', async () => {
    const error = await expectRejected(
      k,
      () => api.post(STORES, storeBody(uniqueId('missing'))),
      404,
      'PAYOUT_DESTINATION_NOT_FOUND',
    );
    expect(error.errors?.[0]?.path).toBe('payout_destination.payout_destination_id');
  });

  it.each([
    ['no store_id', { store_id: undefined }],
    ['an empty store_id', { store_id: '' }],
    ['a store_id with spaces around it', { store_id: ' s1 ' }],
    ['a store_id of 256 characters', { store_id: 's'.repeat(256) }],
    ['no store_name', { store_name: undefined }],
    ['a payout_destination without its id', { payout_destination: {} }],
    ['an unknown top-level field', { location_id: 'x' }],
  ])('%s is 400 INVALID_REQUEST and stores nothing', async (_name, overrides) => {
    await expectRejected(k, () => api.post(STORES, storeBody(undefined, overrides)), 400, 'INVALID_REQUEST');
  });

  it('an unknown store is 404 STORE_NOT_FOUND; the list pages in creation order and refuses an unknown starting_after', async () => {
    expect((await api.get(`${STORES}/${uniqueId('nope')}`)).body.error.code).toBe('STORE_NOT_FOUND');
    await created(api, STORES, storeBody());
    await created(api, STORES, storeBody());
    const all = await allPages(api, STORES, 100);
    expect(await allPages(api, STORES, 1)).toEqual(all);
    expect(all.map((s) => storeNumber(s.id))).toEqual([...all.map((s) => storeNumber(s.id))].sort((a, b) => a - b));
    expect((await api.get(`${STORES}?starting_after=${uniqueId('nope')}`)).status).toBe(400);
  });

  it('a retry with the same Idempotency-Key answers the first store again and stores one', async () => {
    const body = storeBody();
    const headers = { 'idempotency-key': uniqueId('key') };
    const first = await api.post(STORES, body, headers);
    const again = await api.post(STORES, body, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await storedState(k)).stores.filter((s) => s.store_id === body.store_id)).toHaveLength(1);
  });
});

describe('another account and scopes', () => {
  it("another account's token gets 404 on every payout destination and store operation of this account, and changes nothing", async () => {
    const pd = await created(api, PAYOUTS, payoutBody());
    const store = await created(api, STORES, storeBody(pd.payout_destination_id));
    for (const call of [
      () => other.post(PAYOUTS, payoutBody()),
      () => other.get(PAYOUTS),
      () => other.get(`${PAYOUTS}/${pd.payout_destination_id}`),
      () => other.post(STORES, storeBody(pd.payout_destination_id)),
      () => other.get(STORES),
      () => other.get(`${STORES}/${store.store_id}`),
    ]) {
      await expectRejected(k, call, 404, 'ACCOUNT_NOT_FOUND');
    }
  });

  it("in its own account, another account sees none of these and cannot pay a store out to this account's payout destination", async () => {
    const pd = await created(api, PAYOUTS, payoutBody());
    const store = await created(api, STORES, storeBody(pd.payout_destination_id));
    const own = (rest: string) => accountPath(OTHER.accountId, rest);
    expect((await other.get(own(`payout-destinations/${pd.payout_destination_id}`))).status).toBe(404);
    expect((await other.get(own(`stores/${store.store_id}`))).status).toBe(404);
    expect(
      (await other.get(`${own('stores')}?limit=100`)).body.map((s: { store_id: string }) => s.store_id),
    ).not.toContain(store.store_id);
    expect(
      (await other.get(`${own('payout-destinations')}?limit=100`)).body.map(
        (p: { payout_destination_id: string }) => p.payout_destination_id,
      ),
    ).not.toContain(pd.payout_destination_id);
    await expectRejected(
      k,
      () => other.post(own('stores'), storeBody(pd.payout_destination_id)),
      404,
      'PAYOUT_DESTINATION_NOT_FOUND',
    );
    // ids are per account: the same ids are free in another account
    const theirs = await created(
      other,
      own('payout-destinations'),
      payoutBody({ payout_destination_id: pd.payout_destination_id }),
    );
    expect(
      (await created(other, own('stores'), storeBody(theirs.payout_destination_id, { store_id: store.store_id }))).id,
    ).toMatch(new RegExp(`^${OTHER.accountId}-\\d{4}$`));
  });

  it('reads need admin:accounts or read:accounts and writes admin:accounts or write:accounts (403 otherwise, nothing changes); no token is 401', async () => {
    const pd = await created(api, PAYOUTS, payoutBody());
    const reader = await clientWithScopes(k, ['read:accounts']);
    const writer = await clientWithScopes(k, ['write:accounts'], 'accounts-writer');
    const checkoutOnly = await clientWithScopes(k, ['admin:checkout', 'write:customers']);
    expect((await reader.get(`${PAYOUTS}/${pd.payout_destination_id}`)).status).toBe(200);
    expect((await reader.get(STORES)).status).toBe(200);
    await expectRejected(k, () => reader.post(PAYOUTS, payoutBody()), 403, 'INSUFFICIENT_SCOPE');
    await expectRejected(k, () => reader.post(STORES, storeBody()), 403, 'INSUFFICIENT_SCOPE');
    for (const path of [PAYOUTS, `${PAYOUTS}/${pd.payout_destination_id}`, STORES])
      await expectRejected(k, () => checkoutOnly.get(path), 403, 'INSUFFICIENT_SCOPE');
    await expectRejected(k, () => checkoutOnly.post(STORES, storeBody()), 403, 'INSUFFICIENT_SCOPE');
    expect((await created(writer, STORES, storeBody())).created_by).toBe('accounts-writer');
    const anonymous = new ApiClient(k.srv.baseUrl);
    await expectRejected(k, () => anonymous.get(STORES), 401, 'UNAUTHORIZED');
    await expectRejected(k, () => anonymous.post(PAYOUTS, payoutBody()), 401, 'UNAUTHORIZED');
  });
});
