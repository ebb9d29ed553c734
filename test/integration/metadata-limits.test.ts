import { describe, expect, it } from 'vitest';
import { sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

/**
 * Issue 24 item 6: session metadata is capped as public payment APIs of this shape document it
 * (50 keys, keys of 1-40 characters, values of at most 500 characters, 16 KiB in all), wherever
 * metadata enters: session create, create from a profile, payment-token sessions, /v1/sessions/pay.
 */

const { api, db } = useKassa();
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
