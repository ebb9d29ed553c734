import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import { ApiClient, sessionBody } from '../support/api-client';
import { CLIENT_ID } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const PROFILES = '/v1/admin/session/profiles';

const { srv, api } = useKassa();
let token: string;

const db = () => srv.kassa.ctx.database.db;
const countSessions = async () => (await db().selectFrom('sessions').select('id').execute()).length;
const countEvents = async () => (await db().selectFrom('session_events').select('id').execute()).length;
/** The stored state that a rejected create must leave alone. */
const snapshot = async () => ({ sessions: await countSessions(), events: await countEvents() });

let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** sessionBody() without url, for /v1/sessions-profile. */
const profileSessionBody = (
  profileId: string,
  overrides: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
) => {
  const { url: _url, ...rest } = sessionBody({}, order);
  return { profile_id: profileId, ...rest, ...overrides };
};

const createProfile = async (body: Record<string, unknown>) => {
  const profileId = uniqueId('profile');
  const res = await api.post(PROFILES, { profile_id: profileId, description: 'test profile', ...body });
  expect(res.status).toBe(200);
  return profileId;
};

const INVOICE = { sandbox: { invoice: { enabled: true } } };
const CARD_CONFIG = {
  sandbox: { creditcard: { enabled: true } },
  auto_capture: true,
  channel: 'in_app',
  enable_on_hold: false,
};

beforeAll(() => {
  token = (api as unknown as { token: string }).token;
});

describe('POST /v1/sessions-profile', () => {
  it('takes the configuration from the profile and sets metadata["session:profile_id"], keeping the caller\'s metadata', async () => {
    const profileId = await createProfile({
      configuration: CARD_CONFIG,
      url: { return_url: 'https://shop.example/return' },
    });
    const body = profileSessionBody(profileId, { metadata: { cart: 'c-7' } });
    const created = await api.post('/v1/sessions-profile', body);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^T10000001\./),
      url: `${srv.baseUrl}/v1/view/${created.body.id}`,
    });
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.configuration).toEqual(CARD_CONFIG);
    expect(read.body.metadata).toEqual({ cart: 'c-7', 'session:profile_id': profileId });
    expect(read.body.order).toEqual(body.order);
    expect(read.body.events.map((e: { name: string }) => e.name)).toEqual(['INITIATED']);
    // and the hosted page offers what the profile enables
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${created.body.id}/session`);
    expect(
      view.body.configuration.payment_methods.map((m: { payment_product_type: string }) => m.payment_product_type),
    ).toEqual(['sandbox.creditcard']);
  });

  it("a configuration in the request overrides the profile's key by key, as the public API allows", async () => {
    const profileId = await createProfile({
      configuration: CARD_CONFIG,
      url: { return_url: 'https://shop.example/return' },
    });
    const created = await api.post(
      '/v1/sessions-profile',
      profileSessionBody(profileId, { configuration: { auto_capture: false, channel: 'ecommerce' } }),
    );
    expect(created.status).toBe(200);
    const read = await api.get(`/v1/sessions/${created.body.id}`);
    expect(read.body.configuration).toEqual({ ...CARD_CONFIG, auto_capture: false, channel: 'ecommerce' });
    const bad = await api.post(
      '/v1/sessions-profile',
      profileSessionBody(profileId, { configuration: { channel: 'carrier-pigeon' } }),
    );
    expect(bad.status).toBe(400);
  });

  it('metadata["session:profile_id"] is set even when the caller sends no metadata, and the caller cannot override it', async () => {
    const profileId = await createProfile({ configuration: {}, url: { return_url: 'https://shop.example/return' } });
    const plain = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    expect((await api.get(`/v1/sessions/${plain.body.id}`)).body.metadata).toEqual({ 'session:profile_id': profileId });
    const spoof = await api.post(
      '/v1/sessions-profile',
      profileSessionBody(profileId, { metadata: { 'session:profile_id': 'something-else' } }),
    );
    expect((await api.get(`/v1/sessions/${spoof.body.id}`)).body.metadata['session:profile_id']).toBe(profileId);
  });

  it('url defaults come from the profile; a url in the body overrides them field by field', async () => {
    const profileId = await createProfile({
      configuration: {},
      url: {
        return_url: 'https://shop.example/profile-return',
        callback_url: 'https://shop.example/profile-callback',
        merchant_terms_url: 'https://shop.example/terms',
      },
    });
    const fromProfile = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    expect(fromProfile.status).toBe(200);
    expect((await api.get(`/v1/sessions/${fromProfile.body.id}`)).body.url).toEqual({
      return_url: 'https://shop.example/profile-return',
      callback_url: 'https://shop.example/profile-callback',
      merchant_terms_url: 'https://shop.example/terms',
    });

    const overridden = await api.post(
      '/v1/sessions-profile',
      profileSessionBody(profileId, { url: { return_url: 'https://shop.example/body-return' } }),
    );
    expect(overridden.status).toBe(200);
    expect((await api.get(`/v1/sessions/${overridden.body.id}`)).body.url).toEqual({
      return_url: 'https://shop.example/body-return',
      callback_url: 'https://shop.example/profile-callback',
      merchant_terms_url: 'https://shop.example/terms',
    });
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${overridden.body.id}/session`);
    expect(view.body.url.return_url).toBe('https://shop.example/body-return');
  });

  it('without a return_url in the body or the profile it is 400 and stores nothing', async () => {
    const profileId = await createProfile({ configuration: {} });
    const before = await snapshot();
    const res = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
    expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain('url.return_url');
    expect(await snapshot()).toEqual(before);
    // with a return_url in the body the same profile works
    expect(
      (
        await api.post(
          '/v1/sessions-profile',
          profileSessionBody(profileId, { url: { return_url: 'https://shop.example/r' } }),
        )
      ).status,
    ).toBe(200);
  });

  it('an unknown profile is 404 PROFILE_NOT_FOUND and stores nothing', async () => {
    const before = await snapshot();
    const res = await api.post(
      '/v1/sessions-profile',
      profileSessionBody(uniqueId('missing'), { url: { return_url: 'https://shop.example/r' } }),
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'PROFILE_NOT_FOUND', message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it("another account's profile is 404 and stores nothing", async () => {
    await ensureAccountClient(srv.kassa.ctx.database, {
      accountId: 'T20000002',
      accountName: 'Other shop',
      clientId: 'other',
      clientSecret: 'other-secret-0123456789',
    });
    const other = await ApiClient.login(srv.baseUrl, 'T20000002', 'other', 'other-secret-0123456789');
    const theirs = uniqueId('theirs');
    expect(
      (
        await other.post(PROFILES, {
          profile_id: theirs,
          description: 'theirs',
          configuration: {},
          url: { return_url: 'https://other.example/r' },
        })
      ).status,
    ).toBe(200);
    const before = await snapshot();
    const res = await api.post('/v1/sessions-profile', profileSessionBody(theirs));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('PROFILE_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('sessions keep the configuration they were made with when the profile is later replaced or deleted', async () => {
    const profileId = await createProfile({
      configuration: CARD_CONFIG,
      url: { return_url: 'https://shop.example/r' },
    });
    const first = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    expect(
      (
        await api.request('PUT', `${PROFILES}/${profileId}`, {
          description: 'v2',
          configuration: { auto_capture: false },
          url: { return_url: 'https://shop.example/v2' },
        })
      ).status,
    ).toBe(200);
    const second = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    const secondRead = (await api.get(`/v1/sessions/${second.body.id}`)).body;
    expect(secondRead.configuration).toEqual({ auto_capture: false });
    expect(secondRead.url.return_url).toBe('https://shop.example/v2');
    expect((await api.request('DELETE', `${PROFILES}/${profileId}`)).status).toBe(200);
    const firstRead = (await api.get(`/v1/sessions/${first.body.id}`)).body;
    expect(firstRead.configuration).toEqual(CARD_CONFIG);
    expect(firstRead.url.return_url).toBe('https://shop.example/r');
    expect(firstRead.metadata['session:profile_id']).toBe(profileId);
  });

  it('a body with an unknown field or without order is 400 and stores nothing', async () => {
    const profileId = await createProfile({ configuration: {}, url: { return_url: 'https://shop.example/r' } });
    const { order: _o, ...noOrder } = profileSessionBody(profileId);
    const { profile_id: _p, ...noProfile } = profileSessionBody(profileId);
    const before = await snapshot();
    for (const body of [{ ...profileSessionBody(profileId), surprise: 1 }, noOrder, noProfile]) {
      const res = await api.post('/v1/sessions-profile', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('include_session', () => {
  for (const path of ['/v1/sessions', '/v1/sessions-profile'] as const) {
    it(`${path}?include_session=true returns the whole session in \`session\`, the same as GET returns`, async () => {
      const body =
        path === '/v1/sessions'
          ? sessionBody({ metadata: { a: 1 } })
          : profileSessionBody(
              await createProfile({ configuration: CARD_CONFIG, url: { return_url: 'https://shop.example/r' } }),
              { metadata: { a: 1 } },
            );
      const created = await api.post(`${path}?include_session=true`, body);
      expect(created.status).toBe(200);
      expect(created.body.session).toBeDefined();
      expect(created.body.session.id).toBe(created.body.id);
      expect(created.body.session).toMatchObject({ order: body.order, metadata: { a: 1 } });
      expect(created.body.session.events.map((e: { name: string }) => e.name)).toEqual(['INITIATED']);
      const read = await api.get(`/v1/sessions/${created.body.id}`);
      expect(created.body.session).toEqual(read.body);
    });

    it(`${path} without include_session (or with false) returns only id and url`, async () => {
      const make = async () =>
        path === '/v1/sessions'
          ? sessionBody()
          : profileSessionBody(
              await createProfile({ configuration: {}, url: { return_url: 'https://shop.example/r' } }),
            );
      const plain = await api.post(path, await make());
      expect(Object.keys(plain.body).sort()).toEqual(['id', 'url']);
      const no = await api.post(`${path}?include_session=false`, await make());
      expect(no.status).toBe(200);
      expect(Object.keys(no.body).sort()).toEqual(['id', 'url']);
    });
  }

  it('include_session with a value other than true or false is 400 and stores nothing', async () => {
    const before = await snapshot();
    const res = await api.post('/v1/sessions?include_session=yes', sessionBody());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(await snapshot()).toEqual(before);
  });
});

describe('order lines are required when an item-based payment type is enabled', () => {
  it('/v1/sessions-profile with a profile enabling sandbox.invoice and no order.items is 400 ITEMS_REQUIRED and stores nothing', async () => {
    const profileId = await createProfile({ configuration: INVOICE, url: { return_url: 'https://shop.example/r' } });
    const before = await snapshot();
    for (const items of [undefined, []]) {
      const body = profileSessionBody(profileId);
      const order = { ...body.order, items };
      if (items === undefined) delete order.items;
      const res = await api.post('/v1/sessions-profile', { ...body, order });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'ITEMS_REQUIRED', message: expect.any(String) });
      expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain('order.items');
    }
    expect(await snapshot()).toEqual(before);
    const withItems = await api.post('/v1/sessions-profile', profileSessionBody(profileId));
    expect(withItems.status).toBe(200);
    const view = await new ApiClient(srv.baseUrl).get(`/v1/view/${withItems.body.id}/session`);
    expect(
      view.body.configuration.payment_methods.map((m: { payment_product_type: string }) => m.payment_product_type),
    ).toEqual(['sandbox.invoice']);
  });

  it('/v1/sessions enabling sandbox.invoice without order.items is 400 ITEMS_REQUIRED and stores nothing', async () => {
    const before = await snapshot();
    const { items: _i, ...orderWithoutItems } = sessionBody().order;
    const res = await api.post('/v1/sessions', {
      ...sessionBody({ configuration: INVOICE }),
      order: orderWithoutItems,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ITEMS_REQUIRED');
    expect(await snapshot()).toEqual(before);
    expect((await api.post('/v1/sessions', sessionBody({ configuration: INVOICE }))).status).toBe(200);
  });

  it('a card-only session needs no order.items', async () => {
    const { items: _i, ...orderWithoutItems } = sessionBody().order;
    expect(
      (
        await api.post('/v1/sessions', {
          ...sessionBody({ configuration: { sandbox: { creditcard: { enabled: true } } } }),
          order: orderWithoutItems,
        })
      ).status,
    ).toBe(200);
  });
});

describe('feature toggle strict-session-amounts', () => {
  const shipping = { id: 'post', line_id: 'ship-1', amount: 990, title: 'Post' };
  const mismatched = () => sessionBody({}, { amount: 10001 }); // items sum to 10000

  for (const header of ['Kassa-Feature-Toggles', 'Dintero-Feature-Toggles']) {
    it(`with ${header}: strict-session-amounts an order.amount that is not items plus shipping is 400 ORDER_AMOUNT_MISMATCH and stores nothing`, async () => {
      const before = await snapshot();
      const res = await api.post('/v1/sessions', mismatched(), { [header]: 'strict-session-amounts' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'ORDER_AMOUNT_MISMATCH', message: expect.any(String) });
      expect(res.body.error.errors.map((e: { path: string }) => e.path)).toContain('order.amount');
      // the shipping option counts: items 10000 without shipping 990 is a mismatch
      const noShipping = await api.post('/v1/sessions', sessionBody({}, { shipping_option: shipping }), {
        [header]: 'strict-session-amounts',
      });
      expect(noShipping.status).toBe(400);
      expect(noShipping.body.error.code).toBe('ORDER_AMOUNT_MISMATCH');
      expect(await snapshot()).toEqual(before);
    });

    it(`with ${header}: strict-session-amounts a matching order.amount (items plus shipping) is accepted`, async () => {
      expect((await api.post('/v1/sessions', sessionBody(), { [header]: 'strict-session-amounts' })).status).toBe(200);
      const res = await api.post('/v1/sessions', sessionBody({}, { amount: 10990, shipping_option: shipping }), {
        [header]: 'strict-session-amounts',
      });
      expect(res.status).toBe(200);
      expect((await api.get(`/v1/sessions/${res.body.id}`)).body.order.amount).toBe(10990);
    });
  }

  it('the toggle is found among several toggles in the header', async () => {
    const before = await snapshot();
    const res = await api.post('/v1/sessions', mismatched(), {
      'Kassa-Feature-Toggles': 'something-else, strict-session-amounts',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ORDER_AMOUNT_MISMATCH');
    expect(await snapshot()).toEqual(before);
  });

  it('applies to /v1/sessions-profile as well', async () => {
    const profileId = await createProfile({ configuration: {}, url: { return_url: 'https://shop.example/r' } });
    const before = await snapshot();
    const res = await api.post('/v1/sessions-profile', profileSessionBody(profileId, {}, { amount: 9999 }), {
      'Kassa-Feature-Toggles': 'strict-session-amounts',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ORDER_AMOUNT_MISMATCH');
    expect(await snapshot()).toEqual(before);
    expect(
      (
        await api.post('/v1/sessions-profile', profileSessionBody(profileId), {
          'Kassa-Feature-Toggles': 'strict-session-amounts',
        })
      ).status,
    ).toBe(200);
  });

  it('without the toggle a mismatching order.amount is accepted and stored as sent', async () => {
    const res = await api.post('/v1/sessions', mismatched());
    expect(res.status).toBe(200);
    expect((await api.get(`/v1/sessions/${res.body.id}`)).body.order.amount).toBe(10001);
    const other = await api.post('/v1/sessions', mismatched(), {
      'Kassa-Feature-Toggles': 'strict-merchant-reference',
    });
    expect(other.status).toBe(200);
  });
});

describe('system and plugin headers on the INITIATED event', () => {
  const initiated = async (id: string) => {
    const events = (await api.get(`/v1/sessions/${id}`)).body.events as {
      name: string;
      details?: Record<string, unknown>;
    }[];
    expect(events[0]!.name).toBe('INITIATED');
    return events[0]!;
  };

  for (const prefix of ['Kassa', 'Dintero']) {
    it(`${prefix}-System-Name, -Version, -Plugin-Name and -Plugin-Version are recorded in the INITIATED event's details`, async () => {
      const headers = {
        [`${prefix}-System-Name`]: 'shopsys',
        [`${prefix}-System-Version`]: '7.1.2',
        [`${prefix}-System-Plugin-Name`]: 'kassa-for-shopsys',
        [`${prefix}-System-Plugin-Version`]: '0.9.0-beta',
      };
      const res = await api.post('/v1/sessions', sessionBody(), headers);
      expect(res.status).toBe(200);
      expect((await initiated(res.body.id)).details).toMatchObject({
        system_name: 'shopsys',
        system_version: '7.1.2',
        system_plugin_name: 'kassa-for-shopsys',
        system_plugin_version: '0.9.0-beta',
      });
    });
  }

  it('they are recorded for /v1/sessions-profile too', async () => {
    const profileId = await createProfile({ configuration: {}, url: { return_url: 'https://shop.example/r' } });
    const res = await api.post('/v1/sessions-profile', profileSessionBody(profileId), {
      'Kassa-System-Name': 'pos',
      'Kassa-System-Plugin-Version': '3',
    });
    expect(res.status).toBe(200);
    const details = (await initiated(res.body.id)).details!;
    expect(details).toMatchObject({ system_name: 'pos', system_plugin_version: '3' });
    expect(details).not.toHaveProperty('system_version');
    expect(details).not.toHaveProperty('system_plugin_name');
  });

  it('without the headers the INITIATED event has no system fields', async () => {
    const res = await api.post('/v1/sessions', sessionBody());
    const details = (await initiated(res.body.id)).details ?? {};
    for (const key of ['system_name', 'system_version', 'system_plugin_name', 'system_plugin_version'])
      expect(details).not.toHaveProperty(key);
  });
});

describe('GET /v1/sessions/{id} includes', () => {
  const createWithHeaders = async () => {
    const res = await api.post('/v1/sessions', sessionBody(), {
      cookie: 'shop_session=cookie-secret-value',
      'x-trace-id': 'trace-123',
      'Kassa-System-Name': 'shopsys',
    });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  it("includes=events.request_headers returns each stored event's headers, with authorization and cookies redacted", async () => {
    const id = await createWithHeaders();
    const res = await api.get(`/v1/sessions/${id}?includes=events.request_headers`);
    expect(res.status).toBe(200);
    const headers = res.body.events[0].request_headers as Record<string, string>;
    expect(headers).toMatchObject({
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
      'x-trace-id': 'trace-123',
      'kassa-system-name': 'shopsys',
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(token);
    expect(text).not.toContain('cookie-secret-value');
    expect(res.body).not.toHaveProperty('initiating_system_request_headers');
  });

  it('the stored rows never hold the bearer token or the cookie value', async () => {
    const id = await createWithHeaders();
    const session = await db().selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const events = await db().selectFrom('session_events').selectAll().where('session_id', '=', id).execute();
    const stored = JSON.stringify([session, events]);
    expect(stored).toContain('trace-123');
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('cookie-secret-value');
  });

  it('a checkout visit that sends a cookie has it redacted on its event too', async () => {
    const id = await createWithHeaders();
    const visit = await new ApiClient(srv.baseUrl).get(`/v1/view/${id}/session`, {
      cookie: 'kassa_checkout=visitor-cookie-value',
    });
    expect(visit.status).toBe(200);
    const res = await api.get(`/v1/sessions/${id}?includes=events.request_headers`);
    expect(JSON.stringify(res.body)).not.toContain('visitor-cookie-value');
    for (const event of res.body.events as { request_headers?: Record<string, string> }[]) {
      if (event.request_headers?.cookie !== undefined) expect(event.request_headers.cookie).toBe('[REDACTED]');
    }
  });

  it('without includes no request headers are returned anywhere', async () => {
    const id = await createWithHeaders();
    for (const path of [`/v1/sessions/${id}`, '/v1/sessions?limit=100&includes=events.latest']) {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('request_headers');
      expect(text).not.toContain('trace-123');
    }
    const created = await api.post('/v1/sessions?include_session=true', sessionBody(), { 'x-trace-id': 'trace-456' });
    expect(JSON.stringify(created.body)).not.toContain('trace-456');
  });

  it("includes=initiating_system_request_headers returns the creating request's headers (redacted) and no event headers", async () => {
    const id = await createWithHeaders();
    const res = await api.get(`/v1/sessions/${id}?includes=initiating_system_request_headers`);
    expect(res.status).toBe(200);
    expect(res.body.initiating_system_request_headers).toMatchObject({
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
      'x-trace-id': 'trace-123',
    });
    expect(JSON.stringify(res.body)).not.toContain(token);
    for (const event of res.body.events) expect(event).not.toHaveProperty('request_headers');
  });

  it('both includes may be given, repeated or comma-separated', async () => {
    const id = await createWithHeaders();
    for (const q of [
      'includes=events.request_headers&includes=initiating_system_request_headers',
      'includes=events.request_headers,initiating_system_request_headers',
    ]) {
      const res = await api.get(`/v1/sessions/${id}?${q}`);
      expect(res.status).toBe(200);
      expect(res.body.initiating_system_request_headers['x-trace-id']).toBe('trace-123');
      expect(res.body.events[0].request_headers['x-trace-id']).toBe('trace-123');
    }
  });

  it('an unknown includes value is 400', async () => {
    const id = await createWithHeaders();
    for (const q of ['includes=events.everything', 'includes=events.request_headers,nope']) {
      const res = await api.get(`/v1/sessions/${id}?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
  });

  it('the created_by of the INITIATED event is the calling client', async () => {
    const id = await createWithHeaders();
    expect((await api.get(`/v1/sessions/${id}`)).body.events[0].details.created_by).toBe(CLIENT_ID);
  });
});
