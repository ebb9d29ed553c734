import { describe, expect, it } from 'vitest';
import { ApiClient, card, payBody, type ApiResponse } from '../support/api-client';
import { ACCOUNT, CLIENT_ID } from '../support/test-server';
import { createSession, kassaForTest, useKassa } from '../support/fixtures';
import { recordEarlierCards } from '../../server/db/migrations/0012-customers';
import type { Kysely } from 'kysely';

const { srv, api, customer, db } = useKassa();

const USERS = `/v1/accounts/${ACCOUNT}/customers/users`;
const MASTERCARD = '5555 5555 5555 4444';
let seq = 0;
const uniqueId = (prefix = 'c') => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const reference = () => `ref-${Math.random().toString(36).slice(2, 10)}`;

const createCustomer = async (customerId = uniqueId()) => {
  const res = await api.post(USERS, { customer_id: customerId, first_name: 'Token', last_name: 'Holder' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return customerId;
};

/** The customer saves a card on a payment-token session that carried `customerId`; returns the tokens as the merchant reads them. */
const saveCard = async (customerId: string | undefined, opts: { number?: string; tokenTypes?: string[] } = {}) => {
  const created = await api.post('/v1/sessions/payment-token', {
    session: {
      url: { return_url: 'https://shop.example/card-saved' },
      order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
      ...(customerId !== undefined ? { customer: { customer_id: customerId, email: 'holder@example.com' } } : {}),
    },
    token_provider: { payment_product_type: 'sandbox.creditcard', token_types: opts.tokenTypes ?? ['payment_token'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paid = await customer.post(
    `/v1/sessions/${created.body.id}/pay`,
    payBody(card(opts.number ?? '4111 1111 1111 1111')),
  );
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  const tx = await api.get(
    `/v1/transactions/${paid.body.transaction_id}?includes=card.payment_token&includes=card.recurrence_token`,
  );
  return {
    sessionId: created.body.id as string,
    transactionId: paid.body.transaction_id as string,
    paymentToken: tx.body.card.payment_token as string,
    recurrenceToken: tx.body.card.recurrence_token as string | undefined,
  };
};

const cardTokens = (query = '') => api.get(`/v1/card-tokens?limit=100${query}`);
const tokenIdOf = async (paymentToken: string) =>
  (
    await db()
      .selectFrom('stored_card_tokens')
      .select('token_id')
      .where('payment_token', '=', paymentToken)
      .executeTakeFirstOrThrow()
  ).token_id;

const merchantPay = (tokens: Record<string, string>) =>
  api.post('/v1/sessions/pay', {
    session: {
      order: { amount: 2500, currency: 'NOK', merchant_reference: reference() },
      customer: { tokens: { 'sandbox.creditcard': tokens } },
    },
    payment: {
      payment_product_type: 'sandbox.creditcard',
      operation: tokens.recurrence_token ? 'recurring_purchase' : 'unscheduled_purchase',
    },
  });

const expectDoNotRetry = async (res: Awaited<ReturnType<typeof merchantPay>>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({
    status: 'FAILED',
    success: false,
    actions: [{ code: 'DO_NOT_RETRY', type: 'error' }],
  });
  const authorize = res.body.events.filter((e: { event: string }) => e.event === 'AUTHORIZE');
  expect(authorize).toEqual([
    expect.objectContaining({
      success: false,
      error: expect.objectContaining({ code: 'DO_NOT_RETRY', error_code: 'DO_NOT_RETRY', message: expect.any(String) }),
    }),
  ]);
  expect((await api.get(`/v1/transactions/${res.body.id}`)).body.status).toBe('FAILED');
};

describe('a payment-token session stores the card for its customer', () => {
  it("the card belongs to the session's customer_id: listed under the customer and in /v1/card-tokens, masked, never the number or the token", async () => {
    const customerId = await createCustomer();
    const saved = await saveCard(customerId, { tokenTypes: ['payment_token', 'recurrence_token'] });
    const list = await api.get(`${USERS}/${customerId}/tokens`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        token_id: expect.stringMatching(/^ptid_[0-9a-f]{24}$/),
        type: 'payment_token',
        token_types: ['payment_token', 'recurrence_token'],
        payment_product_type: 'sandbox.creditcard',
        customer_id: customerId,
        card: {
          brand: 'Visa',
          masked_pan: '************1111',
          expiry_date: expect.any(String),
          type: expect.any(String),
        },
        session_id: saved.sessionId,
        transaction_id: saved.transactionId,
        created_at: expect.any(String),
      },
    ]);
    const text = JSON.stringify(list.body);
    for (const secret of ['4111111111111111', saved.paymentToken, saved.recurrenceToken!])
      expect(text).not.toContain(secret);

    const [token] = list.body;
    expect((await cardTokens(`&customer_id=${customerId}`)).body).toEqual([token]);
    const one = await api.get(`/v1/card-tokens/${token.token_id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(token);
    expect((await cardTokens()).body.map((t: { token_id: string }) => t.token_id)).toContain(token.token_id);
  });

  it('a session without customer_id stores a card of no customer; a card of one customer is not listed under another', async () => {
    const saved = await saveCard(undefined);
    const tokenId = await tokenIdOf(saved.paymentToken);
    const anonymous = await api.get(`/v1/card-tokens/${tokenId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toHaveProperty('customer_id');
    const [a, b] = [await createCustomer(), await createCustomer()];
    await saveCard(a, { number: MASTERCARD });
    expect((await api.get(`${USERS}/${b}/tokens`)).body).toEqual([]);
    expect((await api.get(`${USERS}/${a}/tokens`)).body.map((t: { card: { brand: string } }) => t.card.brand)).toEqual([
      'MasterCard',
    ]);
  });

  it('a card saved for a customer_id that has no customer yet is listed once that customer exists', async () => {
    const customerId = uniqueId('later');
    await saveCard(customerId);
    expect((await api.get(`${USERS}/${customerId}/tokens`)).status).toBe(404);
    await createCustomer(customerId);
    expect((await api.get(`${USERS}/${customerId}/tokens`)).body).toHaveLength(1);
  });

  it('token lists page with limit and paging_token, and total=true adds total-count', async () => {
    const customerId = await createCustomer();
    for (let i = 0; i < 5; i++) await saveCard(customerId);
    const full = (await api.get(`${USERS}/${customerId}/tokens?limit=100`)).body.map(
      (t: { token_id: string }) => t.token_id,
    );
    expect(full).toHaveLength(5);
    for (const base of [`${USERS}/${customerId}/tokens?`, `/v1/card-tokens?customer_id=${customerId}&`]) {
      const paged: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 5; page++) {
        const res: ApiResponse = await api.get(`${base}limit=2&total=true${cursor ? `&starting_after=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('total-count')).toBe('5');
        paged.push(...res.body.map((t: { token_id: string }) => t.token_id));
        cursor = res.headers.get('paging_token');
        if (!cursor) break;
      }
      expect(paged).toEqual(full);
    }
    expect((await api.get(`/v1/card-tokens?starting_after=ptid_nothing`)).status).toBe(400);
    expect((await api.get(`${USERS}/${customerId}/tokens?limit=0`)).status).toBe(400);
  });
});

describe('deleting a stored card', () => {
  it('DELETE .../users/{id}/tokens/{token_id} returns it stamped; it is gone from the lists (but for include_deleted) and paying with it is DO_NOT_RETRY', async () => {
    const customerId = await createCustomer();
    const saved = await saveCard(customerId, { tokenTypes: ['payment_token', 'recurrence_token'] });
    const tokenId = await tokenIdOf(saved.paymentToken);
    expect((await merchantPay({ payment_token: saved.paymentToken })).body.success).toBe(true); // usable before

    const del = await api.request('DELETE', `${USERS}/${customerId}/tokens/${tokenId}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({
      token_id: tokenId,
      customer_id: customerId,
      deleted_at: expect.any(String),
      deleted_by: CLIENT_ID,
    });
    expect((await api.get(`${USERS}/${customerId}/tokens`)).body).toEqual([]);
    expect((await api.get(`${USERS}/${customerId}/tokens?include_deleted=true`)).body).toEqual([del.body]);
    expect((await api.get(`/v1/card-tokens/${tokenId}`)).status).toBe(404);
    expect((await cardTokens(`&customer_id=${customerId}&include_deleted=true`)).body).toEqual([del.body]);
    const again = await api.request('DELETE', `${USERS}/${customerId}/tokens/${tokenId}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('CARD_TOKEN_NOT_FOUND');

    await expectDoNotRetry(await merchantPay({ payment_token: saved.paymentToken }));
    await expectDoNotRetry(await merchantPay({ recurrence_token: saved.recurrenceToken! }));
  });

  it("a customer cannot delete another customer's card, nor a card through an unknown customer; nothing changes", async () => {
    const [owner, stranger] = [await createCustomer(), await createCustomer()];
    const saved = await saveCard(owner);
    const tokenId = await tokenIdOf(saved.paymentToken);
    const wrongOwner = await api.request('DELETE', `${USERS}/${stranger}/tokens/${tokenId}`);
    expect(wrongOwner.status).toBe(404);
    expect(wrongOwner.body.error.code).toBe('CARD_TOKEN_NOT_FOUND');
    const noCustomer = await api.request('DELETE', `${USERS}/${uniqueId('nobody')}/tokens/${tokenId}`);
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await api.get(`/v1/card-tokens/${tokenId}`)).body).not.toHaveProperty('deleted_at');
    expect((await merchantPay({ payment_token: saved.paymentToken })).body.success).toBe(true);
  });

  it('DELETE /v1/card-tokens/{token_id} deletes it: the checkout page no longer offers it and paying with its payment_token_id is declined', async () => {
    const saved = await saveCard(undefined);
    const tokenId = await tokenIdOf(saved.paymentToken);
    const offered = await createSession(api, {
      customer: { tokens: { 'sandbox.creditcard': { payment_token: saved.paymentToken } } },
    });
    const view = await customer.get(`/v1/view/${offered.id}/session`);
    expect(view.body.customer.saved_cards).toEqual([expect.objectContaining({ payment_token_id: tokenId })]); // the page's handle is the token_id

    const del = await api.request('DELETE', `/v1/card-tokens/${tokenId}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ token_id: tokenId, deleted_at: expect.any(String), deleted_by: CLIENT_ID });
    expect((await api.request('DELETE', `/v1/card-tokens/${tokenId}`)).status).toBe(404);

    const fresh = await createSession(api, {
      customer: { tokens: { 'sandbox.creditcard': { payment_token: saved.paymentToken } } },
    });
    expect((await customer.get(`/v1/view/${fresh.id}/session`)).body.customer?.saved_cards).toBeUndefined();
    const paid = await customer.post(`/v1/sessions/${offered.id}/pay`, {
      payment: { payment_product_type: 'sandbox.creditcard', payment_token_id: tokenId },
    });
    expect(paid.body.success).toBe(false);
    await expectDoNotRetry(await merchantPay({ payment_token: saved.paymentToken }));
  });

  it('an unknown token is 404 CARD_TOKEN_NOT_FOUND on GET and DELETE', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await api.request(method, '/v1/card-tokens/ptid_000000000000000000000000');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('CARD_TOKEN_NOT_FOUND');
    }
  });
});

describe('deleting a customer with or without its tokens', () => {
  it('delete_tokens=true deletes every card of the customer with it; they cannot pay any more', async () => {
    const customerId = await createCustomer();
    const first = await saveCard(customerId);
    const second = await saveCard(customerId, { number: MASTERCARD });
    const del = await api.request('DELETE', `${USERS}/${customerId}?delete_tokens=true`);
    expect(del.status).toBe(200);
    const tokens = (await cardTokens(`&customer_id=${customerId}&include_deleted=true`)).body;
    expect(tokens).toHaveLength(2);
    for (const t of tokens) expect(t).toMatchObject({ deleted_at: del.body.deleted_at, deleted_by: CLIENT_ID });
    expect((await cardTokens(`&customer_id=${customerId}`)).body).toEqual([]);
    await expectDoNotRetry(await merchantPay({ payment_token: first.paymentToken }));
    await expectDoNotRetry(await merchantPay({ payment_token: second.paymentToken }));
  });

  it('without delete_tokens (or delete_tokens=false) the cards stay and still pay', async () => {
    for (const query of ['', '?delete_tokens=false']) {
      const customerId = await createCustomer();
      const saved = await saveCard(customerId);
      expect((await api.request('DELETE', `${USERS}/${customerId}${query}`)).status).toBe(200);
      const [token] = (await cardTokens(`&customer_id=${customerId}`)).body;
      expect(token).not.toHaveProperty('deleted_at');
      expect((await merchantPay({ payment_token: saved.paymentToken })).body.success).toBe(true);
      expect((await api.get(`${USERS}/${customerId}/tokens`)).status).toBe(404); // the customer is gone
    }
  });

  it("delete_tokens=true leaves other customers' cards alone", async () => {
    const [gone, kept] = [await createCustomer(), await createCustomer()];
    await saveCard(gone);
    const keptCard = await saveCard(kept);
    expect((await api.request('DELETE', `${USERS}/${gone}?delete_tokens=true`)).status).toBe(200);
    expect((await api.get(`${USERS}/${kept}/tokens`)).body).toHaveLength(1);
    expect((await merchantPay({ payment_token: keptCard.paymentToken })).body.success).toBe(true);
  });
});

describe('card tokens with an API key', () => {
  it('x-api-key works on /v1/card-tokens', async () => {
    const key = await api.post('/v1/admin/api-keys', { name: 'tokens' });
    expect(key.status).toBe(200);
    const viaKey = new ApiClient(srv.baseUrl);
    const h = { 'x-api-key': key.body.api_key as string };
    const saved = await saveCard(undefined);
    const tokenId = await tokenIdOf(saved.paymentToken);
    expect(
      (await viaKey.get(`/v1/card-tokens?limit=100`, h)).body.map((t: { token_id: string }) => t.token_id),
    ).toContain(tokenId);
    expect((await viaKey.get(`/v1/card-tokens/${tokenId}`, h)).status).toBe(200);
    const del = await viaKey.request('DELETE', `/v1/card-tokens/${tokenId}`, undefined, h);
    expect(del.status).toBe(200);
    expect(del.body.deleted_by).toBe(`api-key:${key.body.id}`);
  });
});

describe('cards saved before the customers migration', () => {
  it("are recorded by the migration from their payment-token transactions, for the session's customer_id, with the same token_id", async () => {
    const fresh = await kassaForTest();
    const cardOn = async (customerId?: string) => {
      const created = await fresh.api.post('/v1/sessions/payment-token', {
        session: {
          url: { return_url: 'https://shop.example/r' },
          order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
          ...(customerId ? { customer: { customer_id: customerId } } : {}),
        },
        token_provider: {
          payment_product_type: 'sandbox.creditcard',
          token_types: ['payment_token', 'recurrence_token'],
        },
      });
      expect((await fresh.customer.post(`/v1/sessions/${created.body.id}/pay`, payBody())).body.success).toBe(true);
    };
    await cardOn('early-bird');
    await cardOn(undefined);
    const recorded = await fresh.db().selectFrom('stored_card_tokens').selectAll().orderBy('token_id').execute();
    expect(recorded.map((r) => r.customer_id).sort()).toEqual(['early-bird', null].sort());
    await fresh.db().deleteFrom('stored_card_tokens').execute(); // as before migration 0012
    await recordEarlierCards(fresh.db() as unknown as Kysely<unknown>);
    // the migration copies the transaction's card; the token ids and consent a transaction's card carries today
    // (issue 27 item 14) came after it and are the transaction's, not the stored card's
    const transactionOnly = ['payment_token_id', 'recurrence_token_id', 'card_holder_tokenization_consent'];
    const migrated = (await fresh.db().selectFrom('stored_card_tokens').selectAll().orderBy('token_id').execute()).map(
      (r) => ({
        ...r,
        card: JSON.stringify(
          Object.fromEntries(
            Object.entries(JSON.parse(r.card) as Record<string, unknown>).filter(([k]) => !transactionOnly.includes(k)),
          ),
        ),
      }),
    );
    expect(migrated).toEqual(recorded);
  });
});
