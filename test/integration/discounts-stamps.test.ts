import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { api, db } = useKassa();

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
const CLAIMS = `${BASE}/available_for_receipt/claims`;
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };
const AT = '2026-06-15T12:00:00Z';
const receipt = (customer_id?: string, purchase_at = AT) => ({
  receipt_id: uniqueId('r'),
  purchase_at,
  store: { id: 'S1' },
  currency: 'NOK',
  ...(customer_id ? { customer_id } : {}),
  items: [{ line_id: 1, id: 'coffee', quantity: 1, gross_amount: 4000 }],
});

/** A card: every 3rd coffee is free. */
const card = async (customers: string[], limitation: Record<string, unknown> = {}): Promise<string> => {
  const created = await api.post(`${BASE}/rules`, {
    requirement: { ...window, stamp: 3, item: { items: [{ id: 'coffee' }] } },
    reward: { type: 'discount_item_percent', value: 100 },
    limitation,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers })).status).toBe(200);
  return created.body.id;
};
const refOf = async (customer: string | undefined, ruleId: string, purchase_at = AT) => {
  const res = await api.post(`${BASE}/available_for_receipt`, receipt(customer, purchase_at));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.discounts ?? []).find((d: { id: string }) => d.id === ruleId)?.refs[0];
};
const claim = (customer_id: string, ruleId: string, amount: number, purchase_at = AT) =>
  api.post(CLAIMS, {
    purchase_at,
    customer_id,
    discounts: [{ id: ruleId, refs: [{ id: ruleId, amount, usage: amount > 0 ? 1 : 0 }] }],
  });

describe('stamp cards', () => {
  it('each claimed purchase adds a stamp; the purchase that completes the card gets the reward; claiming it resets the count', async () => {
    const customer = uniqueId('cus');
    const rule = await card([customer]);
    expect(await refOf(customer, rule)).toMatchObject({ stamp: 1, amount: 0, statistics: { stamp: 0 } });
    expect((await claim(customer, rule, 0)).status).toBe(200);
    expect(await refOf(customer, rule)).toMatchObject({ stamp: 1, amount: 0, statistics: { stamp: 1 } });
    expect((await claim(customer, rule, 0)).status).toBe(200);
    expect(await refOf(customer, rule)).toMatchObject({ stamp: 0, amount: 4000, usage: 1, statistics: { stamp: 2 } });
    expect((await claim(customer, rule, 4000)).status).toBe(200);
    expect(await refOf(customer, rule)).toMatchObject({ stamp: 1, amount: 0, statistics: { stamp: 0 } });
  });

  it('refuses a claim that uses the reward before the card is complete (409, nothing stored); a release takes the stamp back', async () => {
    const customer = uniqueId('cus');
    const rule = await card([customer]);
    const stamp = await claim(customer, rule, 0);
    const before = await db().selectFrom('discount_claims').selectAll().orderBy('id').execute();
    const early = await claim(customer, rule, 4000);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('DISCOUNT_USAGE_EXCEEDED');
    expect(await db().selectFrom('discount_claims').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await api.request('DELETE', `${CLAIMS}/${stamp.body.id}`)).status).toBe(200);
    expect(await refOf(customer, rule)).toMatchObject({ statistics: { stamp: 0 } });
  });

  it('a stamp redeemed by a reward never pays out again: a second reward claim backdated before the first is 409', async () => {
    const customer = uniqueId('cus');
    const rule = await card([customer]);
    expect((await claim(customer, rule, 0, '2026-06-01T10:00:00Z')).status).toBe(200);
    expect((await claim(customer, rule, 0, '2026-06-01T11:00:00Z')).status).toBe(200);
    expect((await claim(customer, rule, 4000, '2026-06-03T12:00:00Z')).status).toBe(200);
    expect(await refOf(customer, rule, '2026-06-02T12:00:00Z')).toMatchObject({
      stamp: 1,
      amount: 0,
      statistics: { stamp: 0 },
    });
    const again = await claim(customer, rule, 4000, '2026-06-02T12:00:00Z');
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.error.code).toBe('DISCOUNT_USAGE_EXCEEDED');
  });

  it('stamp_expire_days: stamps bought longer ago than that no longer count', async () => {
    const customer = uniqueId('cus');
    const rule = await card([customer], { stamp_expire_days: 7 });
    expect((await claim(customer, rule, 0, '2026-06-01T12:00:00Z')).status).toBe(200);
    expect((await claim(customer, rule, 0, '2026-06-10T12:00:00Z')).status).toBe(200);
    const r = await refOf(customer, rule);
    expect(r, JSON.stringify(r)).toMatchObject({ stamp: 1, statistics: { stamp: 1 } }); // the 1st expired
    expect(await refOf(customer, rule, '2026-06-05T12:00:00Z')).toMatchObject({ statistics: { stamp: 1 } }); // on the 5th only the 1st counts
  });

  it('a purchase without customer collects no stamps: the card never completes', async () => {
    const store = uniqueId('store');
    const created = await api.post(`${BASE}/rules`, {
      requirement: { ...window, stamp: 2, store_ids: [store] },
      reward: { type: 'discount_amount', value: 100 },
    });
    await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers: ['/'] });
    const res = await api.post(`${BASE}/available_for_receipt`, { ...receipt(), store: { id: store } });
    expect(res.body.total_discount).toBe(0);
    expect(res.body.discounts[0].refs[0]).toMatchObject({ stamp: 1, amount: 0, statistics: { stamp: 0 } });
  });
});
