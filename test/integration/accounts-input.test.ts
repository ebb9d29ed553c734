import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';
import { STORES, storeBody } from '../support/terminals-api';
import { WALLETS, uniqueId } from '../support/wallets';

/** Input rules shared by the account API's resources (ADR 019, Amended). */
const { api } = useKassa();

const USERS = `/v1/accounts/${ACCOUNT}/customers/users`;
const SHOP = `/v1/accounts/${ACCOUNT}/shopping`;
const DISCOUNTS = `/v1/accounts/${ACCOUNT}/discounts`;
const rule = (requirement: Record<string, unknown>) => ({
  requirement: { purchase_from: '2026-01-01T00:00:00Z', purchase_to: '2030-01-01T00:00:00Z', ...requirement },
  reward: { type: 'discount_amount', value: 100 },
});
const expect400 = (res: { status: number; body: { error?: { errors?: { path?: string }[] } } }, path: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error?.errors?.map((e) => e.path)).toContain(path);
};

describe('date-times after 9999-12-31T23:59:59.999Z (or before year 0) in UTC', () => {
  const late = '9999-12-31T23:00:00-05:00'; // +010000-01-01T04:00:00.000Z
  const early = '0000-01-01T00:30:00+01:00'; // -000001-12-31T23:30:00.000Z

  it('are refused with 400 on every timestamp input, and the last storable instant is accepted', async () => {
    for (const at of [late, early]) {
      expect400(
        await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', expires_at: at }),
        'expires_at',
      );
      expect400(
        await api.post(`${WALLETS}/cards`, { card_id: uniqueId(), currency: 'NOK', active_from: at }),
        'active_from',
      );
      expect400(await api.post(`${DISCOUNTS}/rules`, rule({ purchase_to: at })), 'requirement.purchase_to');
      expect400(
        await api.post(`${DISCOUNTS}/available_for_receipt/claims`, {
          purchase_at: at,
          customer_id: 'c',
          discounts: [],
        }),
        'purchase_at',
      );
      expect400(await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', delivery_at: at }), 'delivery_at');
      expect400(
        await api.post(USERS, {
          customer_id: uniqueId('cus'),
          term: { id: '6f1c2f8e-8a3e-4c59-9f7e-3c2f7a1b2c3d', accepted_at: at },
        }),
        'term.accepted_at',
      );
    }
    const card = await api.post(`${WALLETS}/cards`, {
      card_id: uniqueId(),
      currency: 'NOK',
      amount: 100,
      expires_at: '9999-12-31T23:59:59.999Z',
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const drawn = await api.post(`${WALLETS}/transactions`, {
      card_id: card.body.card_id,
      currency: 'NOK',
      ref_id: uniqueId('ref'),
      amount: 10,
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
  });
});

describe('client ids', () => {
  const creations = (
    id: string,
  ): [string, () => Promise<{ status: number; body: { error?: { errors?: { path?: string }[] } } }>, string][] => [
    ['order_id', () => api.post(`${SHOP}/draft_orders`, { currency: 'NOK', order_id: id }), 'order_id'],
    ['customer_id', () => api.post(USERS, { customer_id: id }), 'customer_id'],
    ['card_id', () => api.post(`${WALLETS}/cards`, { card_id: id, currency: 'NOK' }), 'card_id'],
    ['store_id', () => api.post(STORES, storeBody(undefined, { store_id: id })), 'store_id'],
  ];

  it('. and .. are refused (400): a URL path can never address them', async () => {
    for (const id of ['.', '..']) for (const [, create, path] of creations(id)) expect400(await create(), path);
    for (const [what, create] of creations(`.${uniqueId('dot')}.`)) expect((await create()).status, what).toBe(200); // dots inside an id are fine
  });

  it('an unpaired UTF-16 surrogate is refused (400): it cannot be stored, so two ids would collide', async () => {
    for (const id of [`${uniqueId('hi')}\ud800`, `\udc00${uniqueId('lo')}`])
      for (const [, create, path] of creations(id)) expect400(await create(), path);
    expect400(
      await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [{ line_id: 'x\ud83d', gross_amount: 1 }] }),
      'items.0.line_id',
    );
    for (const [what, create] of creations(`${uniqueId('pair')}😀`)) expect((await create()).status, what).toBe(200); // a surrogate pair is fine
  });
});

describe('order items', () => {
  const item = (line_id: string) => ({ line_id, gross_amount: 100 });

  it('a line_id twice is refused (400 naming the item) on draft creation and order PUT, as POST .../items does', async () => {
    expect400(
      await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [item('1'), item('2'), item('1')] }),
      'items.2.line_id',
    );
    const draft = await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', items: [item('1')] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect((await api.post(`${SHOP}/draft_orders/${draft.body.id}/items`, item('1'))).status).toBe(400);
    const done = await api.request('PUT', `${SHOP}/draft_orders/${draft.body.id}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const orderId = done.body.orders[0].order_id;
    expect400(
      await api.request('PUT', `${SHOP}/orders/${orderId}`, { items: [item('a'), item('a')] }),
      'items.1.line_id',
    );
    expect((await api.get(`${SHOP}/orders/${orderId}`)).body.items.map((i: { line_id: string }) => i.line_id)).toEqual([
      '1',
    ]);
    expect((await api.request('PUT', `${SHOP}/orders/${orderId}`, { items: [item('a'), item('b')] })).status).toBe(200);
  });
});
