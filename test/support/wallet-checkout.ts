import { expect } from 'vitest';
import { ApiClient, payBody, NORWEGIAN_CONTACT } from './api-client';
import type { KassaFixture } from './fixtures';
import { WALLETS, uniqueId } from './wallets';

/** A card token as its creation answers it (`pin` only when Kassa generated it, ADR 030). */
export interface IssuedToken {
  id: string;
  token: { value: string };
  pin?: { value: string };
  expires_at: string;
}

export const HOME = { id: 'home', line_id: 'ship-home', amount: 9900, title: 'Home delivery', operator: 'Posten' };

/** The merchant's and the customer's steps of a checkout paid (in part) with wallet gift cards. */
export const walletCheckout = (k: Pick<KassaFixture, 'api' | 'customer'>) => {
  const { api, customer } = k;
  const put = (id: string, path: string, body: unknown, headers?: Record<string, string>) =>
    customer.request('PUT', `/v1/view/${id}/session/order/${path}`, body, headers);
  /** An express session of `merchant` for 300.00 + 99.00 shipping, addressed and with the option chosen: ready for gift cards. */
  const readySession = async (merchant: ApiClient = api, currency = 'NOK') => {
    const res = await merchant.post('/v1/sessions', {
      url: { return_url: 'https://merchant.example/return' },
      order: {
        amount: 30000,
        currency,
        merchant_reference: uniqueId('order'),
        items: [{ line_id: '1', description: 'Mug', quantity: 1, amount: 30000 }],
      },
      express: { shipping_options: [HOME] },
      configuration: { sandbox: { creditcard: { enabled: true } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.id as string;
    expect((await put(id, 'addresses', { shipping_address: NORWEGIAN_CONTACT })).status).toBe(200);
    expect((await put(id, 'shipping_option', HOME)).status).toBe(200);
    return id;
  };
  return {
    put,
    readySession,
    giftCards: (id: string, cards: Record<string, unknown>[], headers?: Record<string, string>) =>
      put(id, 'gift_cards', { gift_cards: cards }, headers),
    /** The customer's entry for a token: its value and the PIN its creation answered (or `pin`). */
    byToken: (token: IssuedToken, pin = token.pin?.value) => ({
      type: 'kassa.wallets.card_token',
      value: token.token.value,
      ...(pin === undefined ? {} : { pin }),
    }),
    tokenFor: async (cardId: string, body: Record<string, unknown> = {}) =>
      (await api.post(`${WALLETS}/cards/${cardId}/tokens`, { ref_id: uniqueId('t'), expires_in: 3600, ...body }))
        .body as IssuedToken,
    balance: async (cardId: string) => (await api.get(`${WALLETS}/cards/${cardId}`)).body.amount_balance as number,
    ledger: async (cardId: string) =>
      (await api.get(`${WALLETS}/cards/${cardId}/transactions?limit=100`)).body as Record<string, unknown>[],
    pay: (id: string, body: unknown = payBody()) => customer.post(`/v1/sessions/${id}/pay`, body),
  };
};
