import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { CLIENT_ID } from '../support/test-server';
import { clockPast, useKassa } from '../support/fixtures';

const OTHER_ACCOUNT = 'T20000002';
const OTHER_CLIENT = 'other';
const OTHER_SECRET = 'other-secret-0123456789';
const PROFILES = '/v1/admin/session/profiles';

const { srv, api: admin } = useKassa({ other: true });

const db = () => srv.kassa.ctx.database.db;
const countProfiles = async (accountId?: string) => {
  let q = db().selectFrom('session_profiles').select('id');
  if (accountId) q = q.where('account_id', '=', accountId);
  return (await q.execute()).length;
};
const storedProfile = (profileId: string) =>
  db().selectFrom('session_profiles').selectAll().where('profile_id', '=', profileId).executeTakeFirst();

let seq = 0;
const uniqueId = (prefix = 'p') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  profile_id: uniqueId(),
  description: 'Web shop checkout',
  configuration: {
    sandbox: { creditcard: { enabled: true } },
    auto_capture: false,
    channel: 'ecommerce',
    theme: { primary_color: '#123456' },
    default_customer_type: 'b2c',
    allow_different_billing_shipping_address: ['b2c'],
    enable_on_hold: false,
  },
  url: { return_url: 'https://shop.example/return', callback_url: 'https://shop.example/callback' },
  ...overrides,
});

/** A token of a client of another account whose scopes we set directly in api_clients. */
const loginWithScopes = async (scopes: string[]) => {
  await db()
    .updateTable('api_clients')
    .set({ scopes: JSON.stringify(scopes) })
    .where('client_id', '=', OTHER_CLIENT)
    .execute();
  return ApiClient.login(srv.baseUrl, OTHER_ACCOUNT, OTHER_CLIENT, OTHER_SECRET);
};

describe('creating, reading, replacing and deleting session profiles', () => {
  it('a created profile is returned with its id, configuration, url defaults and who created it, and reads back the same', async () => {
    const body = profileBody();
    const created = await admin.post(PROFILES, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...body, created_by: CLIENT_ID });
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    expect(Date.parse(created.body.updated_at)).not.toBeNaN();
    expect(created.body).not.toHaveProperty('deleted_at');

    const read = await admin.get(`${PROFILES}/${body.profile_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect((await admin.get(PROFILES + '?limit=100')).body.map((p: { profile_id: string }) => p.profile_id)).toContain(
      body.profile_id,
    );
  });

  it('a profile created without a profile_id gets one generated', async () => {
    const { profile_id: _omit, ...body } = profileBody();
    const created = await admin.post(PROFILES, body);
    expect(created.status).toBe(200);
    expect(created.body.profile_id).toEqual(expect.any(String));
    expect((await admin.get(`${PROFILES}/${created.body.profile_id}`)).body.description).toBe(body.description);
  });

  it('creating a profile with a profile_id that already exists is 409 and leaves the first one unchanged', async () => {
    const body = profileBody();
    expect((await admin.post(PROFILES, body)).status).toBe(200);
    const before = await countProfiles();
    const again = await admin.post(PROFILES, {
      ...body,
      description: 'Someone else',
      configuration: { sandbox: { invoice: { enabled: true } } },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'PROFILE_ALREADY_EXISTS', message: expect.any(String) });
    expect(await countProfiles()).toBe(before);
    const read = await admin.get(`${PROFILES}/${body.profile_id}`);
    expect(read.body.description).toBe('Web shop checkout');
    expect(read.body.configuration).toEqual(body.configuration);
  });

  it("the same profile_id may exist in two accounts, and one account cannot see the other one's profile", async () => {
    const body = profileBody();
    expect((await admin.post(PROFILES, body)).status).toBe(200);
    const other = await loginWithScopes(['admin:checkout']);
    expect((await other.get(`${PROFILES}/${body.profile_id}`)).status).toBe(404);
    expect(
      (await other.get(`${PROFILES}?limit=100`)).body.map((p: { profile_id: string }) => p.profile_id),
    ).not.toContain(body.profile_id);
    const put = await other.request('PUT', `${PROFILES}/${body.profile_id}`, {
      description: 'hijack',
      configuration: {},
    });
    expect(put.status).toBe(404);
    expect((await other.request('DELETE', `${PROFILES}/${body.profile_id}`)).status).toBe(404);
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).body.description).toBe('Web shop checkout');

    const mine = await other.post(PROFILES, { ...body, description: 'Other shop' });
    expect(mine.status).toBe(200);
    expect((await other.get(`${PROFILES}/${body.profile_id}`)).body.description).toBe('Other shop');
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).body.description).toBe('Web shop checkout');
  });

  it('an unknown profile is 404 on GET, PUT and DELETE, and PUT does not create it', async () => {
    const id = uniqueId('missing');
    const before = await countProfiles();
    const get = await admin.get(`${PROFILES}/${id}`);
    expect(get.status).toBe(404);
    expect(get.body.error).toMatchObject({ code: 'PROFILE_NOT_FOUND', message: expect.any(String) });
    const put = await admin.request('PUT', `${PROFILES}/${id}`, { description: 'x', configuration: {} });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('PROFILE_NOT_FOUND');
    const del = await admin.request('DELETE', `${PROFILES}/${id}`);
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe('PROFILE_NOT_FOUND');
    expect(await countProfiles()).toBe(before);
    expect(await storedProfile(id)).toBeUndefined();
  });

  it('PUT replaces the description, configuration and url defaults, keeps profile_id and created_at, and moves updated_at', async () => {
    const body = profileBody();
    const created = (await admin.post(PROFILES, body)).body;
    await clockPast(created.updated_at);
    const replacement = {
      description: 'Invoice only',
      configuration: { sandbox: { invoice: { enabled: true } }, auto_capture: true },
    };
    const put = await admin.request('PUT', `${PROFILES}/${body.profile_id}`, replacement);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      ...replacement,
      profile_id: body.profile_id,
      created_at: created.created_at,
      created_by: CLIENT_ID,
    });
    expect(put.body).not.toHaveProperty('url'); // replaced, not merged
    expect(Date.parse(put.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).body).toEqual(put.body);
  });

  it('PUT with a different profile_id in the body is 400 and changes nothing', async () => {
    const body = profileBody();
    const created = (await admin.post(PROFILES, body)).body;
    const other = uniqueId('renamed');
    const put = await admin.request('PUT', `${PROFILES}/${body.profile_id}`, {
      ...body,
      profile_id: other,
      description: 'renamed',
    });
    expect(put.status).toBe(400);
    expect(put.body.error.code).toBe('INVALID_REQUEST');
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).body).toEqual(created);
    expect(await storedProfile(other)).toBeUndefined();
  });

  it('DELETE returns the profile stamped with deleted_at and deleted_by; afterwards it is 404 and gone from the list', async () => {
    const body = profileBody();
    const created = (await admin.post(PROFILES, body)).body;
    const del = await admin.request('DELETE', `${PROFILES}/${body.profile_id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ ...created, deleted_by: CLIENT_ID });
    expect(Date.parse(del.body.deleted_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${PROFILES}/${body.profile_id}`)).status).toBe(404);
    expect(
      (await admin.get(`${PROFILES}?limit=100`)).body.map((p: { profile_id: string }) => p.profile_id),
    ).not.toContain(body.profile_id);
    expect(await storedProfile(body.profile_id)).toBeUndefined();
    // the id is free again
    expect((await admin.post(PROFILES, body)).status).toBe(200);
  });
});

describe('listing session profiles', () => {
  it('pages with limit and starting_after: every profile exactly once, in the order of the full list', async () => {
    const other = await loginWithScopes(['admin:checkout']); // a fresh account's list holds only what this test creates
    const existing = (await other.get(`${PROFILES}?limit=100`)).body as { profile_id: string }[];
    for (const p of existing) await other.request('DELETE', `${PROFILES}/${p.profile_id}`);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await other.post(PROFILES, profileBody({ profile_id: `page-${i}` }));
      expect(res.status).toBe(200);
      ids.push(res.body.profile_id);
    }
    const full = (await other.get(`${PROFILES}?limit=100`)).body.map((p: { profile_id: string }) => p.profile_id);
    expect([...full].sort()).toEqual([...ids].sort());

    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await other.get(
        `${PROFILES}?limit=3${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(3);
      if (res.body.length === 0) break;
      paged.push(...res.body.map((p: { profile_id: string }) => p.profile_id));
      cursor = paged[paged.length - 1];
    }
    expect(paged).toEqual(full);
    const created = (await other.get(`${PROFILES}?limit=100`)).body.map((p: { created_at: string }) =>
      Date.parse(p.created_at),
    );
    expect(created).toEqual([...created].sort((a: number, b: number) => a - b)); // oldest first
  });

  it('the default page size is 10', async () => {
    while (((await admin.get(`${PROFILES}?limit=100`)).body as unknown[]).length < 11) {
      expect((await admin.post(PROFILES, profileBody())).status).toBe(200);
    }
    expect((await admin.get(PROFILES)).body).toHaveLength(10);
  });

  it('a limit outside 1-100 is 400; an unknown starting_after is 400', async () => {
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const res = await admin.get(`${PROFILES}?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await admin.get(`${PROFILES}?limit=100`)).status).toBe(200);
    const unknown = await admin.get(`${PROFILES}?starting_after=${uniqueId('nobody')}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors).toEqual([{ path: 'query.starting_after', message: 'unknown session profile' }]);
  });
});

describe('bad profile bodies are 400 and store nothing', () => {
  const { profile_id: _id, ...withoutId } = profileBody();
  const { description: _d, ...noDescription } = withoutId;
  const { configuration: _c, ...noConfiguration } = withoutId;
  const cases: [string, unknown, string][] = [
    ['an unknown top-level field', { ...withoutId, surprise: true }, 'INVALID_REQUEST'],
    ['a missing description', noDescription, 'INVALID_REQUEST'],
    ['an empty description', { ...withoutId, description: '' }, 'INVALID_REQUEST'],
    ['a missing configuration', noConfiguration, 'INVALID_REQUEST'],
    ['a profile_id with a leading space', { ...withoutId, profile_id: ' leading' }, 'INVALID_REQUEST'],
    ['a profile_id with a trailing space', { ...withoutId, profile_id: 'trailing ' }, 'INVALID_REQUEST'],
    ['an empty profile_id', { ...withoutId, profile_id: '' }, 'INVALID_REQUEST'],
    ['an unknown channel', { ...withoutId, configuration: { channel: 'telepathy' } }, 'INVALID_REQUEST'],
    ['a non-http return_url default', { ...withoutId, url: { return_url: 'javascript:alert(1)' } }, 'INVALID_REQUEST'],
    [
      'a provider this server does not run',
      { ...withoutId, configuration: { payex: { creditcard: { enabled: true } } } },
      'PAYMENT_PRODUCT_NOT_ENABLED',
    ],
    ['malformed JSON', '{"description": ', 'INVALID_JSON'],
  ];

  for (const [name, body, code] of cases) {
    it(`${name} -> 400 ${code}`, async () => {
      const before = await countProfiles();
      const res = await admin.post(PROFILES, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code, message: expect.any(String) });
      expect(await countProfiles()).toBe(before);
    });
  }

  it('a bad PUT body is 400 and the stored profile stays as it was', async () => {
    const body = profileBody();
    const created = (await admin.post(PROFILES, body)).body;
    for (const bad of [{ ...withoutId, surprise: 1 }, noDescription, noConfiguration]) {
      const res = await admin.request('PUT', `${PROFILES}/${body.profile_id}`, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
    }
    expect((await admin.get(`${PROFILES}/${body.profile_id}`)).body).toEqual(created);
  });

  it('a profile_id in the path with a leading space is 400', async () => {
    const res = await admin.get(`${PROFILES}/%20leading`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
  });
});

describe('who may manage session profiles', () => {
  it('a token with only read:checkout can list and read profiles but not create, replace or delete them', async () => {
    const writer = await loginWithScopes(['admin:checkout']);
    const body = profileBody();
    const created = (await writer.post(PROFILES, body)).body;
    const reader = await loginWithScopes(['read:checkout']);
    expect((await reader.get(`${PROFILES}/${body.profile_id}`)).body).toEqual(created);
    expect((await reader.get(PROFILES)).status).toBe(200);

    const before = await countProfiles(OTHER_ACCOUNT);
    const post = await reader.post(PROFILES, profileBody());
    expect(post.status).toBe(403);
    expect(post.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const put = await reader.request('PUT', `${PROFILES}/${body.profile_id}`, {
      description: 'changed',
      configuration: {},
    });
    expect(put.status).toBe(403);
    const del = await reader.request('DELETE', `${PROFILES}/${body.profile_id}`);
    expect(del.status).toBe(403);
    expect(await countProfiles(OTHER_ACCOUNT)).toBe(before);
    expect((await reader.get(`${PROFILES}/${body.profile_id}`)).body).toEqual(created);
  });

  it('a token with only write:checkout:/admin/session/profiles may create, replace and delete profiles', async () => {
    const profiles = await loginWithScopes(['write:checkout:/admin/session/profiles']);
    const body = profileBody();
    expect((await profiles.post(PROFILES, body)).status).toBe(200);
    expect((await profiles.get(`${PROFILES}/${body.profile_id}`)).status).toBe(200);
    expect(
      (await profiles.request('PUT', `${PROFILES}/${body.profile_id}`, { description: 'v2', configuration: {} }))
        .status,
    ).toBe(200);
    expect((await profiles.request('DELETE', `${PROFILES}/${body.profile_id}`)).status).toBe(200);
  });

  it('a token with write:checkout but neither admin:checkout nor the profiles scope cannot create a profile', async () => {
    const writer = await loginWithScopes(['write:checkout', 'read:checkout']);
    const before = await countProfiles(OTHER_ACCOUNT);
    const res = await writer.post(PROFILES, profileBody());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(await countProfiles(OTHER_ACCOUNT)).toBe(before);
  });

  it('without credentials every profile operation is 401', async () => {
    const anon = new ApiClient(srv.baseUrl);
    const before = await countProfiles();
    expect((await anon.get(PROFILES)).status).toBe(401);
    expect((await anon.post(PROFILES, profileBody())).status).toBe(401);
    expect((await anon.get(`${PROFILES}/x`)).status).toBe(401);
    expect((await anon.request('PUT', `${PROFILES}/x`, { description: 'x', configuration: {} })).status).toBe(401);
    expect((await anon.request('DELETE', `${PROFILES}/x`)).status).toBe(401);
    expect(await countProfiles()).toBe(before);
  });

  it('an API key in x-api-key works on every profile route', async () => {
    const key = await admin.post('/v1/admin/api-keys', { name: 'profiles' });
    expect(key.status).toBe(200);
    const viaKey = new ApiClient(srv.baseUrl);
    const h = { 'x-api-key': key.body.api_key as string };
    const body = profileBody();
    const created = await viaKey.request('POST', PROFILES, body, h);
    expect(created.status).toBe(200);
    expect(created.body.created_by).toBe(`api-key:${key.body.id}`);
    expect((await viaKey.get(`${PROFILES}/${body.profile_id}`, h)).body.description).toBe(body.description);
    expect(
      (await viaKey.get(`${PROFILES}?limit=100`, h)).body.map((p: { profile_id: string }) => p.profile_id),
    ).toContain(body.profile_id);
    const put = await viaKey.request(
      'PUT',
      `${PROFILES}/${body.profile_id}`,
      { description: 'via key', configuration: {} },
      h,
    );
    expect(put.status).toBe(200);
    expect(put.body.description).toBe('via key');
    const del = await viaKey.request('DELETE', `${PROFILES}/${body.profile_id}`, undefined, h);
    expect(del.status).toBe(200);
    expect(del.body.deleted_by).toBe(`api-key:${key.body.id}`);

    await admin.request('DELETE', `/v1/admin/api-keys/${key.body.id}`);
    const before = await countProfiles();
    expect((await viaKey.request('POST', PROFILES, profileBody(), h)).status).toBe(401);
    expect(await countProfiles()).toBe(before);
  });
});
