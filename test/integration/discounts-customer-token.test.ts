import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/test-server';
import { OTHER, useKassa } from '../support/fixtures';
import { createCard, uniqueId, WALLETS } from '../support/wallets';

const { api, other } = useKassa({ other: true });

const BASE = `/v1/accounts/${ACCOUNT}/discounts`;
const window = { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2027-01-01T00:00:00Z' };

/** A store of its own, a rule for `customer` (300 off) and one for `/` (100 off) in it. */
const setup = async (customer: string) => {
  const store = uniqueId('store');
  const rule = async (customers: string[], value: number) => {
    const created = await api.post(`${BASE}/rules`, {
      requirement: { ...window, store_ids: [store] },
      reward: { type: 'discount_amount', value },
    });
    expect((await api.post(`${BASE}/rules/${created.body.id}/customers`, { customers })).status).toBe(200);
    return created.body.id as string;
  };
  return { store, mine: await rule([customer], 300), anonymous: await rule(['/'], 100) };
};
const tokenFor = async (customer_id: string | undefined, body: Record<string, unknown> = {}) => {
  const card = await createCard(api, { amount: 1000, ...(customer_id ? { customer_id } : {}) });
  const res = await api.post(`${WALLETS}/cards/${card.card_id}/tokens`, {
    ref_id: uniqueId('tok'),
    expires_in: 600,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token.value as string;
};
const available = (store: string, customer: Record<string, unknown>, client = api, base = BASE) =>
  client.post(`${base}/available_for_receipt`, {
    receipt_id: uniqueId('r'),
    purchase_at: '2026-06-15T12:00:00Z',
    store: { id: store },
    currency: 'NOK',
    customer,
    items: [{ line_id: 1, id: 'a', gross_amount: 1000 }],
  });
const ids = (res: { body: { discounts?: { id: string }[] } }) => (res.body.discounts ?? []).map((d) => d.id);

describe('customer.token', () => {
  it("a live card token stands for its card's customer; the answer carries the customer_id and the posted customer", async () => {
    const customer = uniqueId('cus');
    const { store, mine } = await setup(customer);
    const token = await tokenFor(customer);
    const res = await available(store, { token: { value: token } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res)).toEqual([mine]);
    expect(res.body).toMatchObject({
      customer_id: customer,
      customer: { token: { value: token } },
      total_discount: 300,
    });
  });

  it('accepts the DINTEROCARD: spelling of the prefix', async () => {
    const customer = uniqueId('cus');
    const { store, mine } = await setup(customer);
    const token = await tokenFor(customer);
    expect(ids(await available(store, { token: { value: token.replace('KASSACARD:', 'DINTEROCARD:') } }))).toEqual([
      mine,
    ]);
  });

  it('recognises every token a drawdown accepts: made with prefix DINTEROCARD: (any case) or longer than 255 characters', async () => {
    const customer = uniqueId('cus');
    const { store, mine } = await setup(customer);
    for (const format of [{ prefix: 'DINTEROCARD:' }, { prefix: 'dinterocard:' }, { prefix: 'GIFT:', length: 255 }]) {
      const token = await tokenFor(customer, { expires_after_transaction: false, format });
      expect(token.length > 255 || /^dinterocard:/i.test(token), token).toBe(true);
      expect(ids(await available(store, { token: { value: token } })), JSON.stringify(format)).toEqual([mine]);
      const drawn = await api.post(`${WALLETS}/transactions`, {
        token,
        ref_id: uniqueId('ref'),
        amount: 1,
        currency: 'NOK',
      });
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    }
  });

  it('an unknown token, a card without customer, a used single-use token or another account’s token give only the `/` rules', async () => {
    const customer = uniqueId('cus');
    const { store, anonymous } = await setup(customer);
    expect(ids(await available(store, { token: { value: 'KASSACARD:00000000-0000-4000-8000-000000000000' } }))).toEqual(
      [anonymous],
    );
    expect(ids(await available(store, { token: { value: await tokenFor(undefined) } }))).toEqual([anonymous]);
    const used = await tokenFor(customer);
    expect(
      (
        await api.post(`${WALLETS}/transactions`, {
          token: used,
          ref_id: uniqueId('ref'),
          amount: 100,
          currency: 'NOK',
        })
      ).status,
    ).toBe(200);
    expect(ids(await available(store, { token: { value: used } }))).toEqual([anonymous]);
    const OTHER_WALLETS = `/v1/accounts/${OTHER.accountId}/wallets`;
    const theirCard = await other.post(`${OTHER_WALLETS}/cards`, {
      card_id: uniqueId(),
      currency: 'NOK',
      customer_id: customer,
    });
    expect(theirCard.status, JSON.stringify(theirCard.body)).toBe(200);
    const theirToken = await other.post(`${OTHER_WALLETS}/cards/${theirCard.body.card_id}/tokens`, {
      ref_id: uniqueId('tok'),
      expires_in: 600,
    });
    expect(ids(await available(store, { token: { value: theirToken.body.token.value } }))).toEqual([anonymous]);
  });

  it('customer_id wins over the token', async () => {
    const customer = uniqueId('cus');
    const { store } = await setup(customer);
    const res = await api.post(`${BASE}/available_for_receipt`, {
      receipt_id: 'r',
      purchase_at: '2026-06-15T12:00:00Z',
      store: { id: store },
      customer_id: uniqueId('else'),
      customer: { token: { value: await tokenFor(customer) } },
      items: [{ line_id: 1, id: 'a', gross_amount: 1000 }],
    });
    expect(ids(res)).toEqual([]);
  });

  it("another account cannot use this account's path with a token (404)", async () => {
    const customer = uniqueId('cus');
    const { store } = await setup(customer);
    const res = await available(store, { token: { value: await tokenFor(customer) } }, other, BASE);
    expect(res.status).toBe(404);
  });
});
