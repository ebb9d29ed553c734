import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { KassaFixture } from './fixtures';
import { ApiClient, type ApiResponse } from './api-client';
import { ACCOUNT } from './test-server';

/** Helpers of the stores, payout destinations and terminals tests (test/integration/terminals-*.test.ts). */

export const accountPath = (aid: string, rest: string) => `/v1/accounts/${aid}/${rest}`;
export const PAYOUTS = accountPath(ACCOUNT, 'payout-destinations');
export const STORES = accountPath(ACCOUNT, 'stores');
export const TERMINALS = accountPath(ACCOUNT, 'terminals');

let seq = 0;
/** A fresh id of letters, digits and '-' (fits payout_destination_id's pattern and 40 characters). */
export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}-${++seq}`;
/** A fresh serial number whose prefix names a model (S1F2: SATURN1000 by default). */
export const serialNumber = (prefix = 'S1F2') => `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;

export const payoutBody = (overrides: Record<string, unknown> = {}) => ({
  payout_destination_id: uniqueId('pd'),
  payout_reference: 'Shop AS payouts',
  type: 'company',
  bank_accounts: [
    {
      bank_account_currency: 'nok',
      bank_name: 'DNB',
      bank_account_number: 'NO9386011117947',
      bank_account_number_type: 'IBAN',
      bank_account_country_code: 'no',
      bank_identification_code: 'DNBANOKKXXX',
    },
  ],
  organization: { organization_number: '923663487', name: 'Shop AS', trade_name: 'Shop' },
  ...overrides,
});

export const storeBody = (payoutDestinationId?: string, overrides: Record<string, unknown> = {}) => ({
  store_id: uniqueId('store'),
  store_name: 'Oslo Center',
  organization: { organization_number: '923663487' },
  ...(payoutDestinationId ? { payout_destination: { payout_destination_id: payoutDestinationId } } : {}),
  ...overrides,
});

/** POSTs and expects 200. */
export const created = async (api: ApiClient, path: string, body: unknown) => {
  const res = await api.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A payout destination and a store paying out to it, in `aid` (the test account by default). */
export const storeWithPayouts = async (api: ApiClient, aid = ACCOUNT) => {
  const payout = await created(api, accountPath(aid, 'payout-destinations'), payoutBody());
  const store = await created(api, accountPath(aid, 'stores'), storeBody(payout.payout_destination_id));
  return { payout, store };
};

export const del = (api: ApiClient, path: string) => api.request('DELETE', path);

export { clientWithScopes } from './fixtures';

/** Everything this area stores, of every account, to assert that a rejected request changed nothing. */
export const storedState = async (k: Pick<KassaFixture, 'db'>) => {
  const db = k.db();
  return {
    payout_destinations: await db.selectFrom('payout_destinations').selectAll().orderBy('id').execute(),
    stores: await db.selectFrom('stores').selectAll().orderBy('id').execute(),
    terminals: await db.selectFrom('terminals').selectAll().orderBy('id').execute(),
    account_sequences: await db
      .selectFrom('account_sequences')
      .selectAll()
      .orderBy('account_id')
      .orderBy('name')
      .execute(),
  };
};

/** Runs `reject`, expects its status and error code, and that nothing stored changed. */
export const expectRejected = async (
  k: Pick<KassaFixture, 'db'>,
  reject: () => Promise<{ status: number; body: any }>,
  status: number,
  code: string,
) => {
  const before = await storedState(k);
  const res = await reject();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error, JSON.stringify(res.body)).toMatchObject({ code, message: expect.any(String) });
  expect(await storedState(k)).toEqual(before);
  return res.body.error as { code: string; message: string; errors?: { path?: string; message: string }[] };
};

/** Every page of a list, following paging_token with `limit`. */
export const allPages = async (api: ApiClient, path: string, limit: number, items: (body: any) => any[] = (b) => b) => {
  const out: any[] = [];
  let after: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: ApiResponse = await api.get(
      `${path}${sep}limit=${limit}${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(items(res.body).length).toBeLessThanOrEqual(limit);
    out.push(...items(res.body));
    after = res.headers.get('paging_token');
    if (!after) return out;
  }
  throw new Error('paging did not end');
};
