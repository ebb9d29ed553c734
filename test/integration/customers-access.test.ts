import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, payBody } from '../support/api-client';
import { ACCOUNT } from '../support/test-server';
import { clientWithScopes, OTHER, useKassa } from '../support/fixtures';

const { srv, api, other, customer, db } = useKassa({ other: true });

const USERS = `/v1/accounts/${ACCOUNT}/customers/users`;
const OTHER_USERS = `/v1/accounts/${OTHER.accountId}/customers/users`;
let seq = 0;
const uniqueId = (prefix = 'c') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

const clientWith = (scopes: string[]) => clientWithScopes({ srv }, scopes);

/** Everything stored for the test account's customers and cards, to show a refused request changed nothing. */
const snapshot = async () => ({
  customers: await db().selectFrom('customers').selectAll().where('account_id', '=', ACCOUNT).orderBy('id').execute(),
  tokens: await db()
    .selectFrom('stored_card_tokens')
    .selectAll()
    .where('account_id', '=', ACCOUNT)
    .orderBy('token_id')
    .execute(),
});

let customerId: string;
let tokenId: string;

beforeAll(async () => {
  customerId = uniqueId('mine');
  expect(
    (await api.post(USERS, { customer_id: customerId, first_name: 'Mine', email: 'mine@example.com' })).status,
  ).toBe(200);
  const session = await api.post('/v1/sessions/payment-token', {
    session: {
      url: { return_url: 'https://shop.example/r' },
      order: { amount: 0, currency: 'NOK', merchant_reference: uniqueId('ref') },
      customer: { customer_id: customerId },
    },
    token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
  });
  expect((await customer.post(`/v1/sessions/${session.body.id}/pay`, payBody())).body.success).toBe(true);
  tokenId = (
    await db()
      .selectFrom('stored_card_tokens')
      .select('token_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
  ).token_id;
});

/** Every operation of the area, on the test account's customer and card. */
const operations = (): [string, string, string, unknown?][] => [
  ['create', 'POST', USERS, { customer_id: uniqueId('new') }],
  ['list', 'GET', USERS],
  ['get', 'GET', `${USERS}/${customerId}`],
  ['update', 'PUT', `${USERS}/${customerId}`, { first_name: 'Changed' }],
  ['delete', 'DELETE', `${USERS}/${customerId}?delete_tokens=true`],
  ['list tokens', 'GET', `${USERS}/${customerId}/tokens`],
  ['delete token', 'DELETE', `${USERS}/${customerId}/tokens/${tokenId}`],
  ['card tokens', 'GET', '/v1/card-tokens'],
  ['card token', 'GET', `/v1/card-tokens/${tokenId}`],
  ['delete card token', 'DELETE', `/v1/card-tokens/${tokenId}`],
];

describe('another account', () => {
  it("gets 404 on every customer operation under this account's path, and nothing changes", async () => {
    const before = await snapshot();
    for (const [name, method, path, body] of operations().filter(([, , p]) => p.startsWith(USERS))) {
      const res = await other.request(method, path, body);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe('ACCOUNT_NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("does not see this account's customer or card under its own path or /v1/card-tokens, and changes nothing", async () => {
    const before = await snapshot();
    const cases: [string, string, unknown?][] = [
      ['GET', `${OTHER_USERS}/${customerId}`],
      ['PUT', `${OTHER_USERS}/${customerId}`, { first_name: 'hijack' }],
      ['DELETE', `${OTHER_USERS}/${customerId}?delete_tokens=true`],
      ['GET', `${OTHER_USERS}/${customerId}/tokens`],
      ['DELETE', `${OTHER_USERS}/${customerId}/tokens/${tokenId}`],
    ];
    for (const [method, path, body] of cases) {
      const res = await other.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    }
    for (const method of ['GET', 'DELETE']) {
      const res = await other.request(method, `/v1/card-tokens/${tokenId}`);
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe('CARD_TOKEN_NOT_FOUND');
    }
    expect((await other.get(`${OTHER_USERS}?type=any&include_deleted=true&search=mine`)).body).toEqual([]);
    expect((await other.get(`/v1/card-tokens?customer_id=${customerId}&include_deleted=true`)).body).toEqual([]);
    expect((await other.get(`/v1/card-tokens?starting_after=${tokenId}`)).status).toBe(400); // as for a token that does not exist
    expect(await snapshot()).toEqual(before);
  });

  it('may have a customer with the same customer_id and email, separate from this one', async () => {
    const mine = await other.post(OTHER_USERS, {
      customer_id: customerId,
      first_name: 'Theirs',
      email: 'MINE@example.com',
    });
    expect(mine.status).toBe(200);
    expect((await other.get(`${OTHER_USERS}/${customerId}`)).body.first_name).toBe('Theirs');
    expect((await api.get(`${USERS}/${customerId}`)).body.first_name).toBe('Mine');
    expect((await other.get(`${OTHER_USERS}/${customerId}/tokens`)).body).toEqual([]); // the card is this account's
  });
});

describe('scopes', () => {
  it('without a customers or checkout scope every operation is 403 and nothing changes', async () => {
    const none = await clientWith(['read:wallets']);
    const before = await snapshot();
    for (const [name, method, path, body] of operations()) {
      const res = await none.request(method, path, body);
      expect(res.status, name).toBe(403);
      expect(res.body.error.code, name).toBe('INSUFFICIENT_SCOPE');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('read:customers reads customers and their cards but writes nothing, of any type (employee and other included)', async () => {
    const reader = await clientWith(['read:customers']);
    expect((await reader.get(`${USERS}/${customerId}`)).status).toBe(200);
    expect((await reader.get(USERS)).status).toBe(200);
    expect((await reader.get(`${USERS}/${customerId}/tokens`)).body).toHaveLength(1);
    const before = await snapshot();
    const writes: [string, string, unknown?][] = [
      ['POST', USERS, { customer_id: uniqueId() }],
      ['POST', USERS, { customer_id: uniqueId(), type: 'employee' }],
      ['POST', USERS, { customer_id: uniqueId(), type: 'other' }],
      ['PUT', `${USERS}/${customerId}`, { type: 'employee' }],
      ['DELETE', `${USERS}/${customerId}`],
      ['DELETE', `${USERS}/${customerId}/tokens/${tokenId}`],
    ];
    for (const [method, path, body] of writes) {
      const res = await reader.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(403);
    }
    expect((await reader.get('/v1/card-tokens')).status).toBe(403); // the checkout's card-token paths need checkout scopes
    expect(await snapshot()).toEqual(before);
  });

  it('write:customers and admin:customers create and update employee and other customers', async () => {
    for (const scope of ['write:customers', 'admin:customers']) {
      const writer = await clientWith([scope]);
      for (const type of ['employee', 'other']) {
        const id = uniqueId(type);
        const created = await writer.post(USERS, { customer_id: id, type });
        expect(created.status, `${scope} ${type}`).toBe(200);
        expect((await writer.request('PUT', `${USERS}/${id}`, { first_name: 'Updated' })).body.first_name).toBe(
          'Updated',
        );
      }
    }
  });

  it('read:checkout reads /v1/card-tokens but cannot delete; write:checkout deletes', async () => {
    const reader = await clientWith(['read:checkout']);
    expect((await reader.get(`/v1/card-tokens/${tokenId}`)).status).toBe(200);
    expect((await reader.get('/v1/card-tokens')).status).toBe(200);
    const before = await snapshot();
    expect((await reader.request('DELETE', `/v1/card-tokens/${tokenId}`)).status).toBe(403);
    expect((await reader.get(USERS)).status).toBe(403); // and customers need customers scopes
    expect(await snapshot()).toEqual(before);
    const writer = await clientWith(['write:checkout']);
    expect((await writer.get('/v1/card-tokens')).status).toBe(403); // SCOPES.checkoutRead: admin or read
  });

  it('without credentials every operation is 401 and nothing changes', async () => {
    const anon = new ApiClient(srv.baseUrl);
    const before = await snapshot();
    for (const [name, method, path, body] of operations())
      expect((await anon.request(method, path, body)).status, name).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
