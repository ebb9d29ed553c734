import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../server/shared/json-depth';
import { APPROVE_CARD, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { PAYOUTS, STORES, payoutBody, storeBody } from '../support/terminals-api';

const { api, customer, db } = useKassa();

/** Everything a refused request could have written. */
const storedState = async () => ({
  sessions: await db().selectFrom('sessions').selectAll().orderBy('id').execute(),
  transactions: await db().selectFrom('transactions').selectAll().orderBy('id').execute(),
  operations: await db().selectFrom('transaction_operations').selectAll().orderBy('id').execute(),
  apiKeys: await db().selectFrom('api_keys').selectAll().orderBy('id').execute(),
  idempotency: await db().selectFrom('idempotency_keys').selectAll().orderBy('idem_key').execute(),
});
const expectRefused = (res: { status: number; body: any }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
};
/** `{"a":{"a":...{"a":1}}}` with `depth` objects, built as text so the test itself never recurses. bodyWith's depth counts the whole body. */
const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const bodyWith = (field: 'metadata' | 'order' | 'theme', depth: number): string => {
  const base = JSON.stringify(sessionBody());
  if (field === 'metadata') return `${base.slice(0, -1)},"metadata":{"deep":${nested(depth - 2)}}}`;
  if (field === 'order') return base.replace('"order":{', `"order":{"deep":${nested(depth - 2)},`);
  return JSON.stringify({ profile_id: 'deep', description: 'd' }).replace(
    '{',
    `{"theme":{"deep":${nested(depth - 2)}},`,
  );
};
const paidTransaction = async (): Promise<string> => {
  const created = await api.post('/v1/sessions', sessionBody());
  const paid = await customer.post(`/v1/sessions/${created.body.id}/pay`, {
    payment: { payment_product_type: 'sandbox.creditcard', card: APPROVE_CARD },
  });
  expect(paid.body.success).toBe(true);
  return paid.body.transaction_id as string;
};

describe('JSON nesting depth', () => {
  it('the depth check is iterative: 100,000 levels parse and are measured without overflowing the stack', () => {
    expect(jsonDepthExceeds(JSON.parse(nested(100_000)))).toBe(true);
    expect(jsonDepthExceeds(JSON.parse(nestedArray(100_000)))).toBe(true);
    expect(jsonDepthExceeds(JSON.parse(nested(32)))).toBe(false);
    expect(jsonDepthExceeds(JSON.parse(nested(33)))).toBe(true);
    expect(jsonDepthExceeds({ a: [1, 'x', null, { b: [] }] }, 4)).toBe(false);
    expect(jsonDepthExceeds({ a: [1, 'x', null, { b: [] }] }, 3)).toBe(true);
  });

  it.each(['metadata', 'order'] as const)(
    'a body nested 4,200 or 10,000 deep inside %s is 400 JSON_TOO_DEEP and stores nothing',
    async (field) => {
      const before = await storedState();
      for (const depth of [33, 4_200, 10_000]) {
        const res = await api.post('/v1/sessions', bodyWith(field, depth), {
          'idempotency-key': `deep-${field}-${depth}`,
        });
        expectRefused(res, 400, 'JSON_TOO_DEEP');
      }
      expect(await storedState()).toEqual(before);
    },
  );

  it('a profile theme nested 4,200 deep is 400 JSON_TOO_DEEP; 32 levels in all is accepted', async () => {
    const before = await storedState();
    expectRefused(await api.post('/v1/admin/session/profiles', bodyWith('theme', 4_200)), 400, 'JSON_TOO_DEEP');
    expect(await storedState()).toEqual(before);
    const atLimit = await api.post('/v1/sessions', bodyWith('metadata', 32));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
  });

  it('a session stored just under the old overflow depth still reads and lists (no 500)', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    // Written straight into the row, as data from before the cap would be.
    await db()
      .updateTable('sessions')
      .set({ metadata: `{"deep":${nested(4_100)}}` })
      .where('id', '=', created.body.id)
      .execute();
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.id).toBe(created.body.id);
    const list = await api.get('/v1/sessions?limit=100');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(JSON.stringify(list.body)).toContain(created.body.id);
    const view = await customer.get(`/v1/view/${created.body.id}/session`);
    expect(view.status).toBe(200);
  });
});

describe('malformed percent-encoding', () => {
  it.each(['%ZZ', '%E0%A4%A', '%', 'T10000001.%FF%FE'])(
    'is a 400 in the error shape in any path parameter: %s',
    async (raw) => {
      const before = await storedState();
      expectRefused(await api.get(`/v1/sessions/${raw}`), 400, 'INVALID_REQUEST');
      expectRefused(await customer.get(`/v1/view/${raw}/session`), 400, 'INVALID_REQUEST');
      expectRefused(await api.post(`/v1/transactions/${raw}/void`, {}), 400, 'INVALID_REQUEST');
      expectRefused(await api.get(`/v1/admin/session/profiles/${raw}`), 400, 'INVALID_REQUEST');
      expect(await storedState()).toEqual(before);
    },
  );

  it('a malformed kassa_checkout cookie is ignored (treated as no cookie)', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    for (const cookie of ['kassa_checkout=%E0%A4%A', 'kassa_checkout=%ZZ', 'other=1; kassa_checkout=%']) {
      const view = await customer.get(`/v1/view/${created.body.id}/session`, { cookie });
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      expect(view.headers.get('set-cookie')).toContain('kassa_checkout=');
    }
  });
});

describe('parameters named like Object.prototype members (`__proto__`, `constructor`)', () => {
  it('are parameters like any other: a repeated `__proto__` lends the query no array methods, and an unknown name is refused alike', async () => {
    const { body } = await api.post('/v1/sessions', sessionBody());
    for (const query of ['__proto__=a&__proto__=b', '__proto__=x', 'constructor=1', 'toString=a&toString=b']) {
      // no operation declares them: a list, a read and the payment operations each refuse the name (ADR 009)
      for (const res of [
        await api.get(`/v1/sessions?${query}`),
        await api.get(`/v1/sessions/${body.id}?${query}`),
        await customer.post(`/v1/view/${body.id}/payments/sandbox.creditcard?${query}`),
      ]) {
        expectRefused(res, 400, 'INVALID_REQUEST');
        expect(res.body.error.errors, query).toEqual([
          expect.objectContaining({
            path: `query.${query.split('=')[0]}`,
            message: 'is not a query parameter of this operation',
          }),
        ]);
      }
    }
  });
});

describe('U+0000 anywhere in a request (PostgreSQL text cannot hold it: found by the fuzz, ADR 024)', () => {
  it.each([
    [
      'a list cursor in the query',
      'GET',
      '/v1/accounts/T10000001/payout-destinations?starting_after=%00',
      undefined,
      'query.starting_after',
    ],
    ['a session list filter', 'GET', '/v1/sessions?merchant_reference=a%00b', undefined, 'query.merchant_reference'],
    ['a path id', 'GET', '/v1/sessions/T10000001.%00', undefined, 'params.session_id'],
    [
      'a free-text body field',
      'POST',
      '/v1/accounts/T10000001/customers/users',
      '{"customer_id":"c-nul","name":"a\\u0000b"}',
      'name',
    ],
  ])('%s is 400 INVALID_REQUEST naming where, and stores nothing', async (_, method, path, body, where) => {
    const before = await storedState();
    const res = await api.request(method, path, body);
    expectRefused(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.errors).toEqual([
      expect.objectContaining({ path: where, message: 'must not contain U+0000' }),
    ]);
    expect(await storedState()).toEqual(before);
  });
});

describe('response headers HTTP cannot carry (found by the fuzz, ADR 024)', () => {
  it("a store_id with non-Latin-1 characters pages on: the paging_token is Kassa's id of the store (the request hung), the store_id still works", async () => {
    const payout = await api.post(PAYOUTS, payoutBody());
    for (const id of ['Ωmega-1', 'Ωmega-2'])
      expect(
        (
          await api.post(
            STORES,
            storeBody(payout.body.payout_destination_id, { store_id: `${id}-${payout.body.payout_destination_id}` }),
          )
        ).status,
      ).toBe(200);
    const first = await api.get(`${STORES}?limit=1`);
    expect(first.status).toBe(200);
    const token = first.headers.get('paging_token')!;
    expect(token).toBe(`~kassa.${first.body[0].id}`);
    const next = await api.get(`${STORES}?limit=1&starting_after=${token}`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body[0].store_id).not.toBe(first.body[0].store_id);
    const byStoreId = await api.get(`${STORES}?limit=1&starting_after=${encodeURIComponent(first.body[0].store_id)}`);
    expect(byStoreId.body).toEqual(next.body);
  });
});

describe('strings, currency and quantity', () => {
  it.each([
    [
      'a NUL in merchant_reference',
      sessionBody({}, { merchant_reference: 'order\u00001' }),
      'order.merchant_reference',
    ],
    [
      'a control character in merchant_reference_2',
      sessionBody({}, { merchant_reference_2: 'x\u001by' }),
      'order.merchant_reference_2',
    ],
    [
      'a NUL in an item line_id',
      sessionBody({}, { items: [{ line_id: 'a\u0000', amount: 10000 }] }),
      'order.items.0.line_id',
    ],
    ['currency xyz', sessionBody({}, { currency: 'xyz' }), 'order.currency'],
    ['currency XYZ', sessionBody({}, { currency: 'XYZ' }), 'order.currency'],
    ['currency "NOK "', sessionBody({}, { currency: 'NOK ' }), 'order.currency'],
    [
      'quantity 1e308',
      sessionBody({}, { items: [{ line_id: 'a', quantity: 1e308, amount: 10000 }] }),
      'order.items.0.quantity',
    ],
    [
      'quantity 1,000,001',
      sessionBody({}, { items: [{ line_id: 'a', quantity: 1_000_001, amount: 10000 }] }),
      'order.items.0.quantity',
    ],
    [
      'quantity 0',
      sessionBody({}, { items: [{ line_id: 'a', quantity: 0, amount: 10000 }] }),
      'order.items.0.quantity',
    ],
  ])('POST /v1/sessions with %s is 400 and stores nothing', async (_, body, path) => {
    const before = await storedState();
    const res = await api.post('/v1/sessions', body, { 'idempotency-key': `bad-${Math.random()}` });
    expectRefused(res, 400, 'INVALID_REQUEST');
    expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await storedState()).toEqual(before);
  });

  it('a 1e308 quantity in the raw JSON text is refused too', async () => {
    const before = await storedState();
    const raw = JSON.stringify(sessionBody({}, { items: [{ line_id: 'a', quantity: 7, amount: 10000 }] })).replace(
      '"quantity":7',
      '"quantity":1e308',
    );
    expectRefused(await api.post('/v1/sessions', raw), 400, 'INVALID_REQUEST');
    expect(await storedState()).toEqual(before);
  });

  it('known currencies in any case, decimal quantities and descriptions with line breaks are accepted', async () => {
    const res = await api.post(
      '/v1/sessions',
      sessionBody(
        {},
        {
          currency: 'sek',
          items: [{ line_id: 'a', description: 'line one\nline two\ttab', quantity: 1.5, amount: 10000 }],
        },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await api.get(`/v1/sessions/${res.body.id}`);
    expect(read.body.order.currency).toBe('SEK');
    expect(read.body.order.items[0]).toMatchObject({ quantity: 1.5, description: 'line one\nline two\ttab' });
    expect((await api.post('/v1/sessions', sessionBody({}, { currency: 'JPY' }))).status).toBe(200);
  });

  it('an API key name with a NUL is 400 and creates no key', async () => {
    const before = await storedState();
    expectRefused(await api.post('/v1/admin/api-keys', { name: 'ci\u0000key' }), 400, 'INVALID_REQUEST');
    expect(await storedState()).toEqual(before);
  });

  it('capture and refund refuse control characters in references and line ids and an unbounded quantity, and move nothing', async () => {
    const transactionId = await paidTransaction();
    const before = await storedState();
    for (const body of [
      { amount: 1000, capture_reference: 'cap\u00001' },
      { amount: 1000, items: [{ line_id: '1\u0000', amount: 1000 }] },
      { amount: 1000, items: [{ line_id: '1', amount: 1000, quantity: 1e308 }] },
    ]) {
      expectRefused(await api.post(`/v1/transactions/${transactionId}/capture`, body), 400, 'INVALID_REQUEST');
    }
    expectRefused(
      await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1000, refund_reference: 'r\u0007' }),
      400,
      'INVALID_REQUEST',
    );
    expectRefused(
      await api.post(`/v1/transactions/${transactionId}/refund`, { amount: 1000, reason: 'bad\u0000reason' }),
      400,
      'INVALID_REQUEST',
    );
    expect(await storedState()).toEqual(before);
  });
});

describe('keys with control characters (issue 37 item 20: the document states them as propertyNames)', () => {
  it('a control character in any key of a body is 400 naming the key, and nothing is stored', async () => {
    const before = await storedState();
    for (const body of [
      sessionBody({ metadata: { 'a\u0001b': 'v' } }),
      sessionBody({}, { partial_payment: { 'x\u007f': 1 } }),
      sessionBody({ configuration: { theme: { 'tab\there': 1 } } }),
      sessionBody({}, { items: [{ line_id: '1', amount: 10000, 'note\n': 'x' }] }),
    ]) {
      const res = await api.post('/v1/sessions', body);
      expectRefused(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.errors[0].message, JSON.stringify(res.body)).toMatch(/control characters/);
    }
    expect(await storedState()).toEqual(before);
    // the same words with no control character are taken
    expect((await api.post('/v1/sessions', sessionBody({ metadata: { 'a b': 'line\nbreak' } }))).status).toBe(200);
  });
});
