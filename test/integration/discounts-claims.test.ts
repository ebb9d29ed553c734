import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { clientWithScopes, OTHER, useKassa } from '../support/fixtures';

const { srv, api, other, db } = useKassa({ other: true });

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
const CLAIMS = `${BASE}/available_for_receipt/claims`;
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };
const receipt = (customer_id?: string) => ({
  receipt_id: uniqueId('r'),
  purchase_at: '2026-06-15T12:00:00Z',
  store: { id: 'S1' },
  currency: 'NOK',
  ...(customer_id ? { customer_id } : {}),
  items: [{ line_id: 1, id: 'coffee', quantity: 4, gross_amount: 4000 }],
});

const ruleFor = async (
  customers: string[],
  limitation: Record<string, unknown> = {},
  item?: Record<string, unknown>,
): Promise<string> => {
  const created = await api.post(`${BASE}/rules`, {
    requirement: { ...window, ...(item ? { item } : {}) },
    reward: { type: 'discount_amount', value: 100 },
    limitation,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers })).status).toBe(200);
  return created.body.id;
};
const claim = (customer_id: string, ruleId: string, usage = 1, client = api, base = CLAIMS) =>
  client.post(base, {
    ref: uniqueId('receipt'),
    purchase_at: '2026-06-15T12:00:00Z',
    customer_id,
    discounts: [{ id: ruleId, refs: [{ id: ruleId, amount: 100 * usage, usage }] }],
  });
const usageOf = async (customer: string, ruleId: string): Promise<number | undefined> => {
  const res = await api.post(`${BASE}/available_for_receipt`, receipt(customer));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.discounts ?? []).find((d: { id: string }) => d.id === ruleId)?.refs[0].usage;
};
const snapshot = async () => ({
  claims: await db().selectFrom('discount_claims').selectAll().orderBy('id').execute(),
  usages: await db().selectFrom('discount_claim_usages').selectAll().orderBy('claim_id').orderBy('rule_id').execute(),
});

describe('claims', () => {
  it('records a claim, lists it by customer_id, and releases it', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer]);
    const res = await claim(customer, rule);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      customer_id: customer,
      purchase_at: '2026-06-15T12:00:00.000Z',
      discounts: [{ id: rule, refs: [{ id: rule, amount: 100, usage: 1 }] }],
    });
    const listed = await api.get(`${CLAIMS}?customer_id=${customer}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
    expect((await api.get(`${CLAIMS}?customer_id=${uniqueId('nobody')}`)).body).toEqual([]);
    const released = await api.request('DELETE', `${CLAIMS}/${res.body.id}`);
    expect(released.status).toBe(200);
    expect(released.body.id).toBe(res.body.id);
    expect((await api.get(`${CLAIMS}?customer_id=${customer}`)).body).toEqual([]);
    const again = await api.request('DELETE', `${CLAIMS}/${res.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('DISCOUNT_CLAIM_NOT_FOUND');
  });

  it('pages with limit and paging_token', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer]);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await claim(customer, rule)).body.id);
    const first = await api.get(`${CLAIMS}?customer_id=${customer}&limit=2`);
    expect(first.body.length).toBe(2);
    const token = first.headers.get('paging_token');
    expect(token).toBeTruthy();
    const second = await api.get(`${CLAIMS}?customer_id=${customer}&limit=2&starting_after=${token}`);
    expect(second.body.length).toBe(1);
    expect(second.headers.get('paging_token')).toBeNull();
    expect(new Set([...first.body, ...second.body].map((c: { id: string }) => c.id))).toEqual(new Set(made));
  });

  it('discount_reward_usage: available_for_receipt applies the reward only as often as the customer has left; a release gives it back', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer], { discount_reward_usage: 3 }, { quantity: 1, items: [{ id: 'coffee' }] });
    expect(await usageOf(customer, rule)).toBe(3); // 4 coffees, 3 left
    const first = await claim(customer, rule, 2);
    expect(first.status).toBe(200);
    expect(await usageOf(customer, rule)).toBe(1);
    expect((await claim(customer, rule, 1)).status).toBe(200);
    expect(await usageOf(customer, rule)).toBeUndefined();
    expect(await usageOf(uniqueId('another'), rule)).toBeUndefined(); // not given to another customer
    expect((await api.request('DELETE', `${CLAIMS}/${first.body.id}`)).status).toBe(200);
    expect(await usageOf(customer, rule)).toBe(2);
  });

  it('discount_reward_usage does not limit a purchase without customer (`/`)', async () => {
    const store = uniqueId('store');
    const created = await api.post(`${BASE}/rules`, {
      requirement: { ...window, store_ids: [store] },
      reward: { type: 'discount_amount', value: 100 },
      limitation: { discount_reward_usage: 0 },
    });
    await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers: ['/'] });
    const res = await api.post(`${BASE}/available_for_receipt`, { ...receipt(), store: { id: store } });
    expect(res.body.discounts.map((d: { id: string }) => d.id)).toEqual([created.body.id]);
  });

  it('refuses a claim beyond discount_reward_usage or discount_repeat_usage with 409, and stores nothing', async () => {
    const customer = uniqueId('cus');
    const total = await ruleFor([customer], { discount_reward_usage: 2 });
    const repeat = await ruleFor(['*'], { discount_repeat_usage: 1 });
    expect((await claim(customer, total, 2)).status).toBe(200);
    const before = await snapshot();
    const over = await claim(customer, total, 1);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('DISCOUNT_USAGE_EXCEEDED');
    const twice = await claim(customer, repeat, 2);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('DISCOUNT_USAGE_EXCEEDED');
    expect(await snapshot()).toEqual(before);
    expect((await claim(customer, repeat, 1)).status).toBe(200);
    expect((await claim(customer, repeat, 1)).status).toBe(200); // per purchase, not in total
  });

  it('refuses an unknown rule, a rule not given to the customer, and bad input, storing nothing', async () => {
    const customer = uniqueId('cus');
    const notMine = await ruleFor([uniqueId('someone')]);
    const onlyAnonymous = await ruleFor(['/']);
    const before = await snapshot();
    for (const ruleId of ['no-such-rule', notMine, onlyAnonymous]) {
      const res = await claim(customer, ruleId);
      expect(res.status, ruleId).toBe(404);
      expect(res.body.error.code).toBe('DISCOUNT_RULE_NOT_FOUND');
    }
    const bad = [
      {},
      {
        purchase_at: 'yesterday',
        customer_id: customer,
        discounts: [{ id: notMine, refs: [{ id: 'x', amount: 1, usage: 1 }] }],
      },
      { purchase_at: '2026-06-15T12:00:00Z', customer_id: customer, discounts: [] },
      {
        purchase_at: '2026-06-15T12:00:00Z',
        customer_id: customer,
        discounts: [{ id: notMine, refs: [{ id: 'x', amount: -1, usage: 1 }] }],
      },
      {
        purchase_at: '2026-06-15T12:00:00Z',
        customer_id: customer,
        discounts: [{ id: notMine, refs: [{ id: 'x', amount: 1, usage: -1 }] }],
      },
    ];
    for (const body of bad) expect((await api.post(CLAIMS, body)).status, JSON.stringify(body)).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('takes refs of one rule whose amounts add up past 2147483647, as posted; the usage row keeps the sum capped', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer]);
    const refs = [1, 2, 3].map((n) => ({ id: `${rule}-${n}`, amount: 2_000_000_000, usage: 1 }));
    const res = await api.post(CLAIMS, {
      purchase_at: '2026-06-15T12:00:00Z',
      customer_id: customer,
      discounts: [
        { id: rule, refs: refs.slice(0, 2) },
        { id: rule, refs: refs.slice(2) },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.discounts.flatMap((d: { refs: unknown[] }) => d.refs)).toEqual(refs);
    const row = await db()
      .selectFrom('discount_claim_usages')
      .selectAll()
      .where('claim_id', '=', res.body.id)
      .execute();
    expect(row.map((r) => [r.rule_id, Number(r.usage), Number(r.amount)])).toEqual([[rule, 3, 2_147_483_647]]);
  });

  it('two concurrent claims cannot together exceed discount_reward_usage', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer], { discount_reward_usage: 3 });
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(customer, rule, 1)));
    expect(results.filter((r) => r.status === 200).length).toBe(3);
    expect(results.filter((r) => r.status === 409).length).toBe(3);
    const rows = await db()
      .selectFrom('discount_claim_usages')
      .selectAll()
      .where('rule_id', '=', rule)
      .where('released', '=', 0)
      .execute();
    expect(rows.reduce((a, r) => a + Number(r.usage), 0)).toBe(3);
  });

  it('an Idempotency-Key replays the claim instead of recording it twice', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer], { discount_reward_usage: 1 });
    const body = {
      purchase_at: '2026-06-15T12:00:00Z',
      customer_id: customer,
      discounts: [{ id: rule, refs: [{ id: rule, amount: 100, usage: 1 }] }],
    };
    const key = { 'idempotency-key': uniqueId('key') };
    const a = await api.post(CLAIMS, body, key);
    const b = await api.post(CLAIMS, body, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    expect((await api.get(`${CLAIMS}?customer_id=${customer}`)).body.length).toBe(1);
  });
});

describe('claims: access', () => {
  it("another account gets 404 on this account's claims and changes nothing; its own list is empty and it cannot release ours", async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer]);
    const mine = (await claim(customer, rule)).body.id;
    const before = await snapshot();
    for (const [method, path, body] of [
      [
        'POST',
        CLAIMS,
        {
          purchase_at: '2026-06-15T12:00:00Z',
          customer_id: customer,
          discounts: [{ id: rule, refs: [{ id: rule, amount: 1, usage: 1 }] }],
        },
      ],
      ['GET', CLAIMS],
      ['DELETE', `${CLAIMS}/${mine}`],
    ] as const) {
      const res = await other.request(method, path, body);
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    }
    const OTHER_CLAIMS = `/v1/accounts/${OTHER.accountId}/discounts/available_for_receipt/claims`;
    expect((await other.get(OTHER_CLAIMS)).body).toEqual([]);
    expect((await other.request('DELETE', `${OTHER_CLAIMS}/${mine}`)).body.error.code).toBe('DISCOUNT_CLAIM_NOT_FOUND');
    expect((await claim(customer, rule, 1, other, OTHER_CLAIMS)).body.error.code).toBe('DISCOUNT_RULE_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('403 without the scope (read:discounts lists but does not claim or release), nothing changes', async () => {
    const customer = uniqueId('cus');
    const rule = await ruleFor([customer]);
    const mine = (await claim(customer, rule)).body.id;
    const none = await clientWithScopes({ srv }, ['read:customers']);
    const reader = await clientWithScopes({ srv }, ['read:discounts']);
    const before = await snapshot();
    expect((await claim(customer, rule, 1, none)).status).toBe(403);
    expect((await none.get(CLAIMS)).status).toBe(403);
    expect((await none.request('DELETE', `${CLAIMS}/${mine}`)).status).toBe(403);
    expect((await claim(customer, rule, 1, reader)).status).toBe(403);
    expect((await reader.request('DELETE', `${CLAIMS}/${mine}`)).status).toBe(403);
    expect((await reader.get(CLAIMS)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
