import { describe, expect, it } from 'vitest';
import { ApiClient, sessionBody } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { srv, api } = useKassa();
const countSessions = async () =>
  (await srv.kassa.ctx.database.db.selectFrom('sessions').select('id').execute()).length;

describe('creating and reading sessions', () => {
  it('creates a session whose url is the hosted checkout, and reads it back with its INITIATED event', async () => {
    const body = sessionBody({
      metadata: { cart: 'c-1' },
      url: { return_url: 'https://m.example/r', callback_url: 'https://m.example/cb?x=1' },
    });
    const created = await api.post('/v1/sessions', body);
    expect(created.status).toBe(200);
    expect(created.body.url).toBe(`${srv.baseUrl}/v1/view/${created.body.id}`);
    expect(created.body.id).toMatch(/^T10000001\./);
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: created.body.id,
      order: body.order,
      url: body.url,
      metadata: { cart: 'c-1' },
    });
    expect(read.body.events.map((e: { name: string }) => e.name)).toEqual(['INITIATED']);
    expect(Date.parse(read.body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('keeps unknown fields inside the order items (nothing the merchant sends is lost)', async () => {
    const created = await api.post(
      '/v1/sessions',
      sessionBody({}, { items: [{ line_id: 'a', amount: 10000, type: 'digital', eligible_for_discount: true }] }),
    );
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.body.order.items[0]).toMatchObject({ type: 'digital', eligible_for_discount: true });
  });

  it('upper-cases the currency and honours expires_at', async () => {
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const created = await api.post('/v1/sessions', sessionBody({ expires_at: expires }, { currency: 'sek' }));
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.body.order.currency).toBe('SEK');
    expect(read.body.expires_at).toBe(expires);
  });

  it('an unknown session is 404 and a malformed id is 400', async () => {
    expect((await api.get('/v1/sessions/T10000001.zzzzzzzzzzzzzzzzzzzzzz')).status).toBe(404);
    const bad = await api.get('/v1/sessions/nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('bad input to POST /v1/sessions is refused clearly and stores nothing', () => {
  const cases: [string, unknown, string][] = [
    ['malformed JSON', '{"url": ', 'INVALID_JSON'],
    ['a JSON array', [], 'INVALID_REQUEST'],
    ['an unknown top-level field', { ...sessionBody(), surprise: true }, 'INVALID_REQUEST'],
    ['a negative amount', sessionBody({}, { amount: -1 }), 'INVALID_REQUEST'],
    ['a fractional amount', sessionBody({}, { amount: 10.5 }), 'INVALID_REQUEST'],
    ['an amount beyond int32', sessionBody({}, { amount: 2147483648 }), 'INVALID_REQUEST'],
    ['an amount given as a string', sessionBody({}, { amount: '100' }), 'INVALID_REQUEST'],
    ['a two-letter currency', sessionBody({}, { currency: 'NO' }), 'INVALID_REQUEST'],
    ['a four-letter currency', sessionBody({}, { currency: 'NOKK' }), 'INVALID_REQUEST'],
    ['a missing return_url', { ...sessionBody(), url: {} }, 'INVALID_REQUEST'],
    ['a non-http return_url', { ...sessionBody(), url: { return_url: 'javascript:alert(1)' } }, 'INVALID_REQUEST'],
    [
      'a non-http callback_url',
      { ...sessionBody(), url: { return_url: 'https://m.example/r', callback_url: 'ftp://m.example/cb' } },
      'INVALID_REQUEST',
    ],
    [
      'duplicate line ids',
      sessionBody(
        {},
        {
          items: [
            { line_id: '1', amount: 1 },
            { line_id: '1', amount: 2 },
          ],
        },
      ),
      'INVALID_REQUEST',
    ],
    ['an item amount beyond int32', sessionBody({}, { items: [{ line_id: '1', amount: 3e9 }] }), 'INVALID_REQUEST'],
    ['an expiry in the past', sessionBody({ expires_at: '2020-01-01T00:00:00Z' }), 'INVALID_REQUEST'],
    [
      'an unavailable provider',
      sessionBody({ configuration: { payex: { creditcard: { enabled: true } } } }),
      'PAYMENT_PRODUCT_NOT_ENABLED',
    ],
  ];

  for (const [name, body, code] of cases) {
    it(`${name} -> 4xx ${code}`, async () => {
      const before = await countSessions();
      const res = await api.post('/v1/sessions', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
      expect(Array.isArray(res.body.error.errors)).toBe(true);
      expect(await countSessions()).toBe(before);
    });
  }

  it('a compressed body (a Content-Encoding other than identity) is 415 with Accept-Encoding and stores nothing', async () => {
    const before = await countSessions();
    const gzip = await api.request('POST', '/v1/sessions', JSON.stringify(sessionBody()), {
      'content-encoding': 'gzip',
    });
    expect(gzip.status).toBe(415);
    expect(gzip.body.error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Encoding gzip is not supported: send the body uncompressed',
    });
    expect(gzip.headers.get('accept-encoding')).toBe('identity');
    expect(await countSessions()).toBe(before);
    expect(
      (await api.request('POST', '/v1/sessions', JSON.stringify(sessionBody()), { 'content-encoding': 'identity' }))
        .status,
    ).toBe(200);
  });

  it('a body that is not UTF-8 is 400 INVALID_JSON and another declared charset 415; neither stores anything (nor U+FFFD in place of the bytes)', async () => {
    const before = await countSessions();
    const text = JSON.stringify(sessionBody({}, { merchant_reference: 'Caf\u00e9-1' }));
    const latin1 = Buffer.from(text, 'latin1'); // é as the one byte 0xE9: not UTF-8
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await api.request('POST', '/v1/sessions', latin1, { 'content-type': type });
      expect(res.status, type).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_JSON', message: 'The request body is not valid UTF-8' });
    }
    for (const charset of ['latin1', 'ISO-8859-1', '"utf-16"']) {
      const res = await api.request('POST', '/v1/sessions', latin1, {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(res.status, charset).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await countSessions()).toBe(before);
    for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf8"']) {
      const ok = await api.request('POST', '/v1/sessions', Buffer.from(text, 'utf8'), { 'content-type': type });
      expect(ok.status, type).toBe(200);
      expect((await api.get(`/v1/sessions/${ok.body.id}`)).body.order.merchant_reference).toBe('Caf\u00e9-1');
    }
  });

  it('a non-JSON content type is 415 and a body over 1 MiB is 413', async () => {
    const form = await api.request('POST', '/v1/sessions', 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const huge = await api.post('/v1/sessions', { ...sessionBody(), metadata: { blob: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await api.get('/v1/openapi.json')).status).toBe(200); // still serving
  });

  it('an unknown route is 404 and a wrong method is 405, both with the error body', async () => {
    const missing = await api.get('/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('ROUTE_NOT_FOUND');
    const method = await api.request('DELETE', '/v1/sessions');
    expect(method.status).toBe(405);
  });
});

describe('the checkout view endpoints', () => {
  it('GET /v1/view/{id} redirects to the page at / with sid and keeps the other query parameters', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const res = await new ApiClient(srv.baseUrl).get(
      `/v1/view/${created.body.id}?language=no&ui=inline&hide_items=true`,
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      sid: created.body.id,
      language: 'no',
      ui: 'inline',
      hide_items: 'true',
    });
  });

  it('the page gets a masked session: order and payment methods, no callback URL or metadata', async () => {
    const created = await api.post(
      '/v1/sessions',
      sessionBody({
        metadata: { secret: 'm' },
        url: { return_url: 'https://m.example/r', callback_url: 'https://m.example/cb' },
      }),
    );
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${created.body.id}/session`);
    expect(view.status).toBe(200);
    expect(view.body.configuration.payment_methods).toEqual([
      { payment_product_type: 'sandbox.creditcard', name: 'Card' },
    ]);
    expect(view.body.url).toEqual({ return_url: 'https://m.example/r' });
    expect(JSON.stringify(view.body)).not.toContain('m.example/cb');
    expect(view.body).not.toHaveProperty('metadata');
  });

  it('an unknown session is 404 on the view', async () => {
    const res = await new ApiClient(srv.baseUrl).get('/v1/view/T10000001.zzzzzzzzzzzzzzzzzzzzzz/session');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('SESSION_NOT_FOUND');
  });

  it('an expired session is 404 with cause EXPIRED and cannot be paid', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    await srv.kassa.ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.body.id)
      .execute();
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${created.body.id}/session`);
    expect(view.status).toBe(404);
    expect(view.body.error).toMatchObject({
      cause: 'EXPIRED',
      session_details: { return_url: 'https://merchant.example/return' },
    });
  });
});

describe('the checkout browser session', () => {
  it('records VISITED once per browser, using a sealed HttpOnly cookie', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const browser = new ApiClient(srv.baseUrl);
    const first = await browser.get(`/v1/view/${created.body.id}/session`);
    const setCookie = first.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^kassa_checkout=[^;]+; Path=\/v1\/view; .*HttpOnly/);
    expect(setCookie).not.toContain(created.body.id);
    const cookie = setCookie.split(';')[0]!;
    const second = await browser.get(`/v1/view/${created.body.id}/session`, { cookie });
    expect(second.headers.get('set-cookie')).toBeNull();
    await new ApiClient(srv.baseUrl).get(`/v1/view/${created.body.id}/session`); // another browser
    const events = (await api.get(`/v1/sessions/${created.body.id}`)).body.events.map((e: { name: string }) => e.name);
    expect(events).toEqual(['INITIATED', 'VISITED', 'VISITED']);
    // a tampered cookie is ignored, not an error
    expect(
      (await browser.get(`/v1/view/${created.body.id}/session`, { cookie: 'kassa_checkout=garbage' })).status,
    ).toBe(200);
  });

  it('many browsers opening the same session at once each get the page', async () => {
    const created = await api.post('/v1/sessions', sessionBody());
    const results = await Promise.all(
      Array.from({ length: 20 }, () => new ApiClient(srv.baseUrl).get(`/v1/view/${created.body.id}/session`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const events = (await api.get(`/v1/sessions/${created.body.id}`)).body.events;
    expect(events.filter((e: { name: string }) => e.name === 'VISITED')).toHaveLength(20);
  });
});
