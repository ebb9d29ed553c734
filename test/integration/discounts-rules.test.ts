import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { api, db } = useKassa();

const RULES = `/v1/accounts/${ACCOUNT}/discounts/rules`;
const ruleBody = (over: Record<string, unknown> = {}) => ({
  name: 'Summer',
  receipt_text: 'Summer 10 %',
  requirement: { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2030-01-01T00:00:00Z' },
  reward: { type: 'discount_percent', value: 10 },
  ...over,
});
const stored = async (id: string) =>
  db().selectFrom('discount_rules').selectAll().where('id', '=', id).executeTakeFirst();
const create = async (over: Record<string, unknown> = {}) => {
  const res = await api.post(RULES, ruleBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('discount rules: create and get', () => {
  it('creates a rule with defaults, given to nobody, and gets it back', async () => {
    const rule = await create({ campaign_id: 'camp-1', metadata: { k: 'v' } });
    expect(rule).toMatchObject({
      name: 'Summer',
      active: true,
      private: false,
      type: 'receipt',
      campaign_id: 'camp-1',
      metadata: { k: 'v' },
      reward: { type: 'discount_percent', value: 10 },
    });
    expect(rule.id).toEqual(expect.any(String));
    const got = await api.get(`${RULES}/${rule.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: rule.id, customers: [] });
  });

  it('says item when the requirement names items', async () => {
    expect(
      (
        await create({
          requirement: {
            purchase_from: '2026-01-01T00:00:00Z',
            purchase_to: '2030-01-01T00:00:00Z',
            item: { items: [{ id: 'a' }] },
          },
        })
      ).type,
    ).toBe('item');
  });

  it.each([
    ['no reward', { reward: undefined }, 'reward'],
    ['unknown reward type', { reward: { type: 'discount_free', value: 1 } }, 'reward.type'],
    ['percent over 100', { reward: { type: 'discount_percent', value: 101 } }, 'reward.value'],
    ['fractional amount', { reward: { type: 'discount_amount', value: 10.5 } }, 'reward.value'],
    [
      'purchase_to before purchase_from',
      { requirement: { purchase_from: '2026-02-01T00:00:00Z', purchase_to: '2026-01-01T00:00:00Z' } },
      'requirement.purchase_to',
    ],
    ['no purchase_to', { requirement: { purchase_from: '2026-02-01T00:00:00Z' } }, 'requirement.purchase_to'],
    [
      'bad timezone',
      { limitation: { discount_hours: { timezone: 'Mars/Olympus', hours: [] } } },
      'limitation.discount_hours.timezone',
    ],
    [
      'bad hour',
      { limitation: { discount_hours: { hours: [{ day: 'mon', start: '25:00', end: '26:00' }] } } },
      'limitation.discount_hours.hours.0.start',
    ],
    ['unknown field', { colour: 'red' }, ''],
  ])('refuses %s with 400 and stores nothing', async (_name, over, path) => {
    const before = await db().selectFrom('discount_rules').select('id').execute();
    const res = await api.post(RULES, ruleBody(over));
    expect(res.status).toBe(400);
    if (path) expect(JSON.stringify(res.body.error.errors)).toContain(path);
    expect(await db().selectFrom('discount_rules').select('id').execute()).toEqual(before);
  });

  it.each(['US/Eastern', 'europe/oslo', 'utc', '+01:00'])(
    'refuses the timezone %s, which is not a listed TimeZone name, with 400',
    async (timezone) => {
      const res = await api.post(RULES, ruleBody({ limitation: { discount_hours: { timezone, hours: [] } } }));
      expect(res.status).toBe(400);
      expect(res.body.error.errors).toEqual([
        expect.objectContaining({
          path: 'limitation.discount_hours.timezone',
          message: expect.stringContaining('IANA'),
        }),
      ]);
    },
  );

  it.each(['Europe/Oslo', 'UTC', 'Etc/GMT-2', 'America/New_York'])('takes the listed timezone %s', async (timezone) => {
    const rule = await create({ limitation: { discount_hours: { timezone, hours: [] } } });
    expect(rule.limitation.discount_hours.timezone).toBe(timezone);
  });

  it('reads a timezone stored as an alias (before the list) as its listed name', async () => {
    const rule = await create({ limitation: { discount_hours: { timezone: 'UTC', hours: [] } } });
    const row = await stored(rule.id);
    const data = JSON.parse(row!.data);
    data.limitation.discount_hours.timezone = 'US/Eastern';
    await db()
      .updateTable('discount_rules')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', rule.id)
      .execute();
    expect((await api.get(`${RULES}/${rule.id}`)).body.limitation.discount_hours.timezone).toBe('America/New_York');
  });

  it('takes a fractional percentage (reward and values), and only whole amounts for the other types', async () => {
    const values = [{ items: [{ id: 'a' }], value: 12.5 }];
    const percent = await create({ reward: { type: 'discount_item_percent', value: 10.5, values } });
    expect(percent.reward).toEqual({ type: 'discount_item_percent', value: 10.5, values });
    const amount = await api.post(RULES, ruleBody({ reward: { type: 'discount_amount', value: 10, values } }));
    expect(amount.status).toBe(400);
    expect(JSON.stringify(amount.body.error.errors)).toContain('reward.values.0.value');
  });

  it('answers 404 DISCOUNT_RULE_NOT_FOUND for an unknown rule', async () => {
    const res = await api.get(`${RULES}/nope`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('DISCOUNT_RULE_NOT_FOUND');
  });
});

describe('discount rules: update', () => {
  it('updates the updatable fields and bumps the version', async () => {
    const rule = await create();
    const res = await api.request('PUT', `${RULES}/${rule.id}`, {
      name: 'Autumn',
      active: false,
      campaign_id: 'c2',
      requirement: { purchase_to: '2031-01-01T00:00:00Z', gross_amount: 500 },
      limitation: { discount_combination: 0 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Autumn',
      active: false,
      campaign_id: 'c2',
      limitation: { discount_combination: 0 },
    });
    expect(res.body.requirement).toEqual({
      purchase_from: '2026-01-01T00:00:00Z',
      purchase_to: '2031-01-01T00:00:00Z',
      gross_amount: 500,
    });
    expect((await stored(rule.id))?.version).toBe(2);
    const cleared = await api.request('PUT', `${RULES}/${rule.id}`, { campaign_id: null });
    expect(cleared.body.campaign_id).toBeUndefined();
    expect(cleared.body.name).toBe('Autumn');
  });

  it('accepts reward and purchase_from sent unchanged', async () => {
    const rule = await create();
    const res = await api.request('PUT', `${RULES}/${rule.id}`, {
      reward: rule.reward,
      requirement: { purchase_from: '2026-01-01T00:00:00.000Z' },
      name: 'Same',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each([
    ['a new reward', { reward: { type: 'discount_percent', value: 50 } }, 'reward'],
    ['a new purchase_from', { requirement: { purchase_from: '2026-02-01T00:00:00Z' } }, 'requirement.purchase_from'],
    ['an earlier purchase_to', { requirement: { purchase_to: '2029-01-01T00:00:00Z' } }, 'requirement.purchase_to'],
  ])(
    'refuses %s (other than the stored rule has) with 409 DISCOUNT_RULE_NOT_UPDATABLE and changes nothing',
    async (_name, body, path) => {
      const rule = await create();
      const before = await stored(rule.id);
      const res = await api.request('PUT', `${RULES}/${rule.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('DISCOUNT_RULE_NOT_UPDATABLE');
      expect(res.body.error.errors.map((e: { path: string }) => e.path)).toEqual([path]);
      expect(await stored(rule.id)).toEqual(before);
    },
  );

  it.each([
    ['an unknown field', { colour: 'red' }, ''],
    ['a reward no rule could have', { reward: { type: 'discount_percent', value: 101 } }, 'reward.value'],
  ])('refuses %s with 400 and changes nothing', async (_name, body, path) => {
    const rule = await create();
    const before = await stored(rule.id);
    const res = await api.request('PUT', `${RULES}/${rule.id}`, body);
    expect(res.status).toBe(400);
    if (path) expect(JSON.stringify(res.body.error.errors)).toContain(path);
    expect(await stored(rule.id)).toEqual(before);
  });
});

describe('discount rules: delete and list', () => {
  it('soft-deletes: the rule is returned stamped, listed only as deleted, and cannot be updated', async () => {
    const rule = await create({ name: 'to delete' });
    const res = await api.request('DELETE', `${RULES}/${rule.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: rule.id, deleted_at: expect.any(String), deleted_by: expect.any(String) });
    expect((await stored(rule.id))?.deleted_at).toBeTruthy();
    expect((await api.get(RULES + '?limit=100')).body.map((r: { id: string }) => r.id)).not.toContain(rule.id);
    expect((await api.get(`${RULES}?state=deleted&limit=100`)).body.map((r: { id: string }) => r.id)).toContain(
      rule.id,
    );
    expect((await api.request('PUT', `${RULES}/${rule.id}`, { name: 'x' })).status).toBe(404);
    expect((await api.request('DELETE', `${RULES}/${rule.id}`)).status).toBe(404);
  });

  it('pages oldest first with paging_token, and filters by state and campaign', async () => {
    const campaign = `camp-${Date.now()}`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ campaign_id: campaign, name: `p${i}` })).id);
    const inactive = (await create({ campaign_id: campaign, active: false })).id;
    const first = await api.get(`${RULES}?campaign_id=${campaign}&limit=2`);
    expect(first.body.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    const token = first.headers.get('paging_token');
    expect(token).toBe(ids[1]);
    const second = await api.get(`${RULES}?campaign_id=${campaign}&limit=2&starting_after=${token}`);
    expect(second.body.map((r: { id: string }) => r.id)).toEqual([ids[2], inactive]);
    expect(second.headers.get('paging_token')).toBeNull();
    expect(
      (await api.get(`${RULES}?campaign_id=${campaign}&state=inactive`)).body.map((r: { id: string }) => r.id),
    ).toEqual([inactive]);
    expect(
      (await api.get(`${RULES}?campaign_id=${campaign}&state=available`)).body.map((r: { id: string }) => r.id),
    ).toEqual(ids);
    expect((await api.get(`${RULES}?limit=101`)).status).toBe(400);
  });
});

describe('discount rules: given to customers', () => {
  it('adds customers once each and lists them on the rule', async () => {
    const rule = await create();
    const res = await api.post(`${RULES}/${rule.id}/customers`, { customers: ['c-1', '*'] });
    expect(res.status).toBe(200);
    expect(res.body.customers).toEqual(['*', 'c-1']);
    expect((await api.post(`${RULES}/${rule.id}/customers`, { customers: ['c-1', '/'] })).body.customers).toEqual([
      '*',
      '/',
      'c-1',
    ]);
    expect((await api.get(`${RULES}/${rule.id}`)).body.customers).toEqual(['*', '/', 'c-1']);
  });

  it('refuses an empty list, and an unknown rule, changing nothing', async () => {
    const rule = await create();
    const before = await db()
      .selectFrom('discount_rule_customers')
      .selectAll()
      .orderBy('rule_id')
      .orderBy('customer_key')
      .execute();
    expect((await api.post(`${RULES}/${rule.id}/customers`, { customers: [] })).status).toBe(400);
    expect((await api.post(`${RULES}/nope/customers`, { customers: ['x'] })).status).toBe(404);
    expect(
      await db().selectFrom('discount_rule_customers').selectAll().orderBy('rule_id').orderBy('customer_key').execute(),
    ).toEqual(before);
  });

  it('takes a rule back from some customers, or with `*` from everyone', async () => {
    const rule = await create();
    await api.post(`${RULES}/${rule.id}/customers`, { customers: ['c-1', 'c-2', '/'] });
    const res = await api.request('DELETE', `${RULES}/${rule.id}/customers`, { customers: ['c-1'] });
    expect(res.status).toBe(200);
    expect(res.body.customers).toEqual(['/', 'c-2']);
    expect((await api.request('DELETE', `${RULES}/${rule.id}/customers`, { customers: ['*'] })).body.customers).toEqual(
      [],
    );
    expect((await api.get(`${RULES}/${rule.id}`)).body.customers).toEqual([]);
  });
});
