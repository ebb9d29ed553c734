import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { clientWithScopes, OTHER, useKassa } from '../support/fixtures';

const { srv, api, other, db } = useKassa({ other: true });

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
const OTHER_BASE = `/v1/accounts/${OTHER.accountId}/discounts`;
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };
const ruleBody = { requirement: window, reward: { type: 'discount_amount', value: 100 } };
const receipt = {
  receipt_id: 'r-1',
  purchase_at: '2026-06-15T12:00:00Z',
  store: { id: 'S1' },
  currency: 'NOK',
  items: [{ line_id: 1, id: 'a', gross_amount: 1000 }],
};

/** Everything stored for discounts, to show a refused request changed nothing. */
const snapshot = async () => ({
  rules: await db().selectFrom('discount_rules').selectAll().orderBy('id').execute(),
  customers: await db()
    .selectFrom('discount_rule_customers')
    .selectAll()
    .orderBy('rule_id')
    .orderBy('customer_key')
    .execute(),
});

let ruleId: string;
beforeAll(async () => {
  ruleId = (await api.post(`${BASE}/rules`, ruleBody)).body.id;
  expect((await api.post(`${BASE}/rules/${ruleId}/customers`, { customers: ['/'] })).status).toBe(200);
});

/** Every discount operation, on the test account's rule. */
const operations = (base: string): [string, string, string, unknown?][] => [
  ['create', 'POST', `${base}/rules`, ruleBody],
  ['list', 'GET', `${base}/rules`],
  ['get', 'GET', `${base}/rules/${ruleId}`],
  ['update', 'PUT', `${base}/rules/${ruleId}`, { name: 'hijack' }],
  ['delete', 'DELETE', `${base}/rules/${ruleId}`],
  ['give', 'POST', `${base}/rules/${ruleId}/customers`, { customers: ['*'] }],
  ['take back', 'DELETE', `${base}/rules/${ruleId}/customers`, { customers: ['/'] }],
  ['available_for_receipt', 'POST', `${base}/available_for_receipt`, receipt],
];

describe('another account', () => {
  it("gets 404 on every discount operation under this account's path, and nothing changes", async () => {
    const before = await snapshot();
    for (const [name, method, path, body] of operations(BASE)) {
      const res = await other.request(method, path, body);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe('ACCOUNT_NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("does not see or use this account's rule under its own path, and changes nothing", async () => {
    const before = await snapshot();
    for (const [name, method, path, body] of operations(OTHER_BASE).filter(([n]) =>
      ['get', 'update', 'delete', 'give', 'take back'].includes(n),
    )) {
      const res = await other.request(method, path, body);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe('DISCOUNT_RULE_NOT_FOUND');
    }
    expect((await other.get(`${OTHER_BASE}/rules?state=all`)).body).toEqual([]);
    const theirs = await other.post(`${OTHER_BASE}/available_for_receipt`, receipt);
    expect(theirs.status).toBe(200);
    expect(theirs.body.discounts ?? []).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const mine = await api.post(`${BASE}/available_for_receipt`, receipt);
    expect(mine.body.discounts.map((d: { id: string }) => d.id)).toContain(ruleId);
  });
});

describe('scopes', () => {
  it('a token without a discounts scope gets 403 on every operation, and nothing changes', async () => {
    const client = await clientWithScopes({ srv }, ['read:customers']);
    const before = await snapshot();
    for (const [name, method, path, body] of operations(BASE)) {
      const res = await client.request(method, path, body);
      expect(res.status, name).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('read:discounts reads but does not write', async () => {
    const client = await clientWithScopes({ srv }, ['read:discounts']);
    const before = await snapshot();
    for (const [name, method, path, body] of operations(BASE)) {
      const res = await client.request(method, path, body);
      expect(res.status, name).toBe(method === 'GET' ? 200 : 403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('write:discounts:/available_for_receipt only runs receipts', async () => {
    const client = await clientWithScopes({ srv }, ['write:discounts:/available_for_receipt']);
    for (const [name, method, path, body] of operations(BASE)) {
      const res = await client.request(method, path, body);
      expect(res.status, name).toBe(name === 'available_for_receipt' ? 200 : 403);
    }
  });
});
