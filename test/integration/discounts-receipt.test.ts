import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { api } = useKassa();

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

const receipt = (over: Record<string, unknown> = {}) => ({
  receipt_id: uniqueId('r'),
  purchase_at: '2026-06-15T12:00:00Z',
  store: { id: 'S1' },
  currency: 'NOK',
  items: [
    { line_id: 1, id: 'coffee', quantity: 3, gross_amount: 10500 },
    { line_id: 2, id: 'bun', quantity: 1, gross_amount: 2995 },
    { line_id: 3, id: 'newspaper', quantity: 1, gross_amount: 4900, eligible_for_discount: false },
  ],
  ...over,
});
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };

/** Creates a rule and gives it to `customers`; returns its id. */
const ruleFor = async (customers: string[], body: Record<string, unknown>): Promise<string> => {
  const created = await api.post(`${BASE}/rules`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (customers.length > 0)
    expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers })).status).toBe(200);
  return created.body.id;
};
const available = (body: unknown) => api.post(`${BASE}/available_for_receipt`, body);
const ids = (res: { body: { discounts?: { id: string }[] } }) => (res.body.discounts ?? []).map((d) => d.id).sort();

describe('available_for_receipt', () => {
  it('applies the worked receipt of docs/discounts.md for the customer it is given to', async () => {
    const customer = uniqueId('cus');
    const coffee = await ruleFor([customer], {
      requirement: { ...window, item: { quantity: 3, items: [{ id: 'coffee' }] } },
      reward: { type: 'discount_item_quantity', value: 1 },
    });
    const member = await ruleFor([customer], {
      receipt_text: 'Member 10 %',
      requirement: window,
      reward: { type: 'discount_percent', value: 10, base: 'net' },
    });
    const res = await available(receipt({ customer_id: customer }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res)).toEqual([coffee, member].sort());
    expect(
      res.body.items.map((i: { discount_lines: { discount_id: string; amount: number }[] }) =>
        i.discount_lines.map((l) => [l.discount_id, l.amount]),
      ),
    ).toEqual([
      [
        [coffee, 3500],
        [member, 700],
      ],
      [[member, 300]],
      [],
    ]);
    expect(res.body).toMatchObject({
      gross_amount: 18395,
      total_discount: 4500,
      net_amount: 13895,
      amount_due: 13895,
      amount_due_dwh: '138.95',
      is_changed: true,
    });
    expect(res.body.items[1]).toMatchObject({ net_amount: 2695, net_amount_dwh: '26.95', is_changed: true });
    const memberRef = res.body.discounts.find((d: { id: string }) => d.id === member).refs[0];
    expect(memberRef).toMatchObject({
      amount: 1000,
      items: [
        { line_id: 1, amount: 700 },
        { line_id: 2, amount: 300 },
      ],
    });
  });

  it('gives nothing with a rule given to nobody, or to another customer', async () => {
    const customer = uniqueId('cus');
    await ruleFor([], { requirement: window, reward: { type: 'discount_amount', value: 100 } });
    await ruleFor([uniqueId('someone-else')], { requirement: window, reward: { type: 'discount_amount', value: 100 } });
    const res = await available(receipt({ customer_id: customer }));
    expect(res.status).toBe(200);
    expect(res.body.discounts ?? []).toEqual([]);
    expect(res.body).toMatchObject({ total_discount: 0, net_amount: 18395, gross_amount_dwh: '183.95' });
  });

  it('`*` applies to any customer_id but not to a purchase without one; `/` only to a purchase without one', async () => {
    const store = uniqueId('store');
    const anyone = await ruleFor(['*'], {
      requirement: { ...window, store_ids: [store] },
      reward: { type: 'discount_amount', value: 100 },
    });
    const nobody = await ruleFor(['/'], {
      requirement: { ...window, store_ids: [store] },
      reward: { type: 'discount_amount', value: 200 },
    });
    expect(ids(await available(receipt({ store: { id: store }, customer_id: uniqueId('c') })))).toEqual([anyone]);
    expect(ids(await available(receipt({ store: { id: store } })))).toEqual([nobody]);
  });

  it('ignores deleted and inactive rules', async () => {
    const customer = uniqueId('cus');
    const deleted = await ruleFor([customer], { requirement: window, reward: { type: 'discount_amount', value: 100 } });
    const inactive = await ruleFor([customer], {
      active: false,
      requirement: window,
      reward: { type: 'discount_amount', value: 100 },
    });
    const live = await ruleFor([customer], { requirement: window, reward: { type: 'discount_amount', value: 100 } });
    expect((await api.request('DELETE', `${BASE}/rules/${deleted}`)).status).toBe(200);
    expect(ids(await available(receipt({ customer_id: customer })))).toEqual([live]);
    expect(inactive).toBeTruthy();
  });

  it('checks the purchase window, the hours in the timezone and the discount code', async () => {
    const customer = uniqueId('cus');
    const code = await ruleFor([customer], {
      requirement: { ...window, discount_code: 'SPRING' },
      reward: { type: 'discount_amount', value: 100 },
    });
    const hours = await ruleFor([customer], {
      requirement: window,
      reward: { type: 'discount_amount', value: 50 },
      limitation: {
        discount_hours: { timezone: 'Europe/Oslo', hours: [{ day: 'mon', start: '09:00', end: '10:00' }] },
      },
    });
    expect(
      ids(
        await available(
          receipt({ customer_id: customer, purchase_at: '2026-03-30T07:30:00Z', discount_code: ['spring'] }),
        ),
      ),
    ).toEqual([code, hours].sort());
    expect(ids(await available(receipt({ customer_id: customer, purchase_at: '2026-03-23T07:30:00Z' })))).toEqual([]);
    expect(
      ids(
        await available(
          receipt({ customer_id: customer, purchase_at: '2028-03-27T07:30:00Z', discount_code: ['SPRING'] }),
        ),
      ),
    ).toEqual([]);
  });

  it('never discounts voided, return or ineligible items, and is the same when posted again', async () => {
    const customer = uniqueId('cus');
    await ruleFor([customer], { requirement: window, reward: { type: 'discount_percent', value: 50 } });
    const body = receipt({
      customer_id: customer,
      items: [
        { line_id: 1, id: 'a', gross_amount: 1000 },
        { line_id: 2, id: 'b', gross_amount: 1000, voided: true },
        { line_id: 3, id: 'c', gross_amount: 1000, is_return_item: true },
        { line_id: 4, id: 'd', gross_amount: 1000, eligible_for_discount: false },
      ],
    });
    const res = await available(body);
    expect(res.body.items.map((i: { net_amount: number }) => i.net_amount)).toEqual([500, 1000, 1000, 1000]);
    expect(res.body).toMatchObject({ gross_amount: 3000, total_discount: 500, net_amount: 2500 });
    expect((await available(res.body)).body).toEqual(res.body);
  });

  it.each([
    ['no receipt_id', { receipt_id: undefined }],
    ['no purchase_at', { purchase_at: undefined }],
    ['no store', { store: undefined }],
    [
      'a line_id twice',
      {
        items: [
          { line_id: 1, gross_amount: 1 },
          { line_id: 1, gross_amount: 2 },
        ],
      },
    ],
    ['a fractional amount', { items: [{ line_id: 1, gross_amount: 1.5 }] }],
  ])('refuses a receipt with %s (400)', async (_name, over) => {
    const res = await available(receipt(over));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('available_for_receipt: customer matchers', () => {
  it('reads the posted customer, or else the stored customer with that customer_id (not returned)', async () => {
    const customer = uniqueId('cus');
    expect(
      (await api.post(`/v1/accounts/${ACCOUNT}/customers/users`, { customer_id: customer, gender: 'female' })).status,
    ).toBe(200);
    const rule = await ruleFor([customer], {
      requirement: { ...window, customer: { gender: ['female'] } },
      reward: { type: 'discount_amount', value: 100 },
    });
    const stored = await available(receipt({ customer_id: customer }));
    expect(ids(stored)).toEqual([rule]);
    expect(stored.body.customer).toBeUndefined();
    expect(ids(await available(receipt({ customer_id: customer, customer: { gender: 'male' } })))).toEqual([]);
  });
});
