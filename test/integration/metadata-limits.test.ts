import { describe, expect, it } from 'vitest';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { SHOP, shoppingHelpers } from '../support/shopping';
import { ACCOUNT } from '../support/test-server';

/**
 * Issue 24 item 6: session metadata is capped as public payment APIs of this shape document it
 * (50 keys, keys of 1-40 characters, values of at most 500 characters, 16 KiB in all), wherever
 * metadata enters: session create, create from a profile, payment-token sessions, /v1/sessions/pay.
 */

const kassa = useKassa();
const { api, db } = kassa;
const shop = shoppingHelpers(kassa);
const reference = () => `ref-${Math.random().toString(36).slice(2, 10)}`;
const keys = (n: number, value: (i: number) => unknown = (i) => `v${i}`) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));

const TOO_BIG: [string, Record<string, unknown>][] = [
  ['51 keys', keys(51)],
  ['a 41-character key', { ['k'.repeat(41)]: 'v' }],
  ['an empty key', { '': 'v' }],
  ['a 501-character value', { note: 'x'.repeat(501) }],
  [
    'a nested value of more than 500 characters as JSON',
    { nested: { list: Array.from({ length: 60 }, (_, i) => `item-${i}`) } },
  ],
  ['more than 16 KiB in all', keys(40, () => 'é'.repeat(250))],
  ['1 MB in one value', { blob: 'x'.repeat(1_000_000) }],
];
const AT_LIMIT = { ...keys(49, (i) => (i % 2 ? i : 'v'.repeat(200))), ['k'.repeat(40)]: 'x'.repeat(500) };

/** The four ways metadata enters: each builds a body with `metadata` where that operation takes it. */
const ENTRIES: [string, string, (metadata: unknown) => Promise<Record<string, unknown>>][] = [
  ['POST /v1/sessions', '/v1/sessions', async (metadata) => sessionBody({ metadata })],
  [
    'POST /v1/sessions-profile',
    '/v1/sessions-profile',
    async (metadata) => {
      const profileId = `meta-${reference()}`;
      const profile = await api.post('/v1/admin/session/profiles', {
        profile_id: profileId,
        description: 'p',
        configuration: { sandbox: { creditcard: { enabled: true } } },
      });
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      const { url: _url, ...rest } = sessionBody({ metadata });
      return { ...rest, profile_id: profileId, url: { return_url: 'https://shop.example/r' } };
    },
  ],
  [
    'POST /v1/sessions/payment-token',
    '/v1/sessions/payment-token',
    async (metadata) => ({
      session: {
        url: { return_url: 'https://shop.example/r' },
        order: { amount: 0, currency: 'NOK', merchant_reference: reference() },
        metadata,
      },
      token_provider: { payment_product_type: 'sandbox.creditcard', token_types: ['payment_token'] },
    }),
  ],
  [
    'POST /v1/sessions/pay',
    '/v1/sessions/pay',
    async (metadata) => ({
      session: {
        order: { amount: 2500, currency: 'NOK', merchant_reference: reference() },
        customer: { tokens: { 'sandbox.creditcard': { payment_token: 'no-such-token' } } },
        metadata,
      },
      payment: { payment_product_type: 'sandbox.creditcard' },
    }),
  ],
];

const sessionCount = async () => (await db().selectFrom('sessions').select('id').execute()).length;

describe('metadata caps', () => {
  describe.each(ENTRIES)('%s', (_, path, bodyWith) => {
    it.each(TOO_BIG)('metadata with %s is 400 naming metadata, and creates nothing', async (_what, metadata) => {
      const body = await bodyWith(metadata);
      const before = await sessionCount();
      const res = await api.post(path, body);
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(
        (res.body.error.errors as { path?: string }[]).some((e) => /(^|\.)metadata(\.|$)/.test(e.path ?? '')),
      ).toBe(true);
      expect(await sessionCount()).toBe(before);
    });

    it('metadata at every limit is taken and read back as sent', async () => {
      const res = await api.post(path, await bodyWith(AT_LIMIT));
      const refusedMetadata = ((res.body.error?.errors ?? []) as { path?: string }[]).filter((e) =>
        /metadata/.test(e.path ?? ''),
      );
      expect(refusedMetadata).toEqual([]);
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBeLessThan(500);
      // a stored token the account does not have: the pay answer refuses the token, not the metadata
      if (path !== '/v1/sessions/pay') {
        expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
        const read = await api.get(`/v1/sessions/${res.body.id}`);
        expect(read.body.metadata).toMatchObject(AT_LIMIT);
      }
    });
  });

  it('the OpenAPI document states the caps on every metadata that enters a session', async () => {
    const doc = (await api.get('/v1/openapi.json')).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('at most 50 keys');
    for (const path of ['/v1/sessions', '/v1/sessions-profile']) {
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
      const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
      expect(JSON.stringify(resolved.properties.metadata)).toContain('500 characters');
    }
  });
});

/**
 * Issue 37 item 10: customer and shopping-order metadata took 900 KB each (a customer list answered 19 MB); they have
 * the session's caps now, and a session's items and their descriptions are capped so the unauthenticated view of a
 * session stays small.
 */
describe('the same caps on customers and shopping orders', () => {
  const CUSTOMERS = `/v1/accounts/${ACCOUNT}/customers/users`;
  const metadataRefused = (res: { status: number; body: any }, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(
      (res.body.error.errors as { path?: string }[]).some((e) => /(^|\.)metadata(\.|$)/.test(e.path ?? '')),
      what,
    ).toBe(true);
  };
  const count = async (table: 'customers' | 'shopping_orders') =>
    (await db().selectFrom(table).select('id').execute()).length;

  it.each(TOO_BIG)(
    'a customer with metadata of %s is 400 on create and update, and nothing changes',
    async (what, metadata) => {
      const before = await count('customers');
      metadataRefused(await api.post(CUSTOMERS, { metadata }), `create ${what}`);
      expect(await count('customers')).toBe(before);
      const created = await api.post(CUSTOMERS, { metadata: { a: 'b' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const path = `${CUSTOMERS}/${created.body.customer_id}`;
      metadataRefused(await api.request('PUT', path, { metadata }), `update ${what}`);
      expect((await api.get(path)).body.metadata).toEqual({ a: 'b' });
    },
  );

  it("a customer's metadata is capped after the update merges it with what is stored", async () => {
    const created = await api.post(CUSTOMERS, { metadata: keys(30) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const path = `${CUSTOMERS}/${created.body.customer_id}`;
    const more = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`more${i}`, i]));
    metadataRefused(await api.request('PUT', path, { metadata: more }), '60 keys once merged');
    expect(Object.keys((await api.get(path)).body.metadata)).toHaveLength(30);
    // null still removes a key, and a merge within the caps is taken
    const removed = await api.request('PUT', path, { metadata: { k0: null, added: 'x' } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.metadata).toMatchObject({ added: 'x' });
    expect(removed.body.metadata).not.toHaveProperty('k0');
    const atLimit = await api.post(CUSTOMERS, { metadata: AT_LIMIT });
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBe(200);
    expect(atLimit.body.metadata).toEqual(AT_LIMIT);
  });

  it.each(TOO_BIG)(
    'a shopping draft, order, item or status event with metadata of %s is 400, and nothing changes',
    async (what, metadata) => {
      const before = await count('shopping_orders');
      metadataRefused(await api.post(`${SHOP}/draft_orders`, { currency: 'NOK', metadata }), `draft ${what}`);
      metadataRefused(
        await api.post(`${SHOP}/draft_orders`, {
          currency: 'NOK',
          items: [{ line_id: '1', gross_amount: 1000, metadata }],
        }),
        `item ${what}`,
      );
      expect(await count('shopping_orders')).toBe(before);
      const order = await shop.newOrder({ metadata: { a: 'b' } });
      const path = `${SHOP}/orders/${order.id}`;
      const version = (await shop.rowOf(order.id))?.version;
      metadataRefused(await shop.put(path, { metadata }), `order ${what}`);
      metadataRefused(
        await api.post(`${path}/events`, { service: 's', service_status: 'ok', metadata }),
        `status event ${what}`,
      );
      expect((await shop.rowOf(order.id))?.version).toBe(version);
    },
  );

  it('metadata at every limit is taken on a draft and read back as sent', async () => {
    const order = await shop.newOrder({ metadata: AT_LIMIT });
    expect(order.metadata).toEqual(AT_LIMIT);
  });

  it('a session takes at most 500 items of descriptions of at most 500 characters, and the document says so', async () => {
    const item = (i: number, description = `Item ${i}`) => ({ line_id: `${i}`, description, quantity: 1, amount: 1 });
    const withItems = (items: unknown[]) =>
      sessionBody({}, { amount: items.length, items, merchant_reference: reference() });
    const before = await sessionCount();
    const tooMany = await api.post('/v1/sessions', withItems(Array.from({ length: 501 }, (_, i) => item(i))));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.errors.map((e: { path: string }) => e.path)).toContain('order.items');
    const tooLong = await api.post('/v1/sessions', withItems([item(1, 'd'.repeat(501))]));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.errors.map((e: { path: string }) => e.path)).toContain('order.items.0.description');
    expect(await sessionCount()).toBe(before);
    const atLimit = await api.post(
      '/v1/sessions',
      withItems(Array.from({ length: 500 }, (_, i) => item(i, i === 0 ? 'd'.repeat(500) : undefined))),
    );
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBe(200);

    const doc = (await api.get('/v1/openapi.json')).body;
    const schemas = doc.components.schemas;
    expect(schemas.OrderItem.properties.description.maxLength).toBe(500);
    const order = JSON.stringify(doc.paths['/v1/sessions'].post.requestBody);
    expect(`${order}${JSON.stringify(schemas)}`).toMatch(
      /"items":\{"type":"array","items":\{"\$ref":"#\/components\/schemas\/OrderItem"\},"maxItems":500\}/,
    );
    // and customers' and orders' metadata state the caps like the session's
    expect(JSON.stringify(doc.paths[`/v1/accounts/{aid}/customers/users`].post.requestBody)).toContain(
      'at most 50 keys',
    );
  });
});
