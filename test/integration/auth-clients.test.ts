import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { OTHER, paidSession, useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';

/** Issue 26 item 1: clients and client grants through the API; the token endpoint gives only what a grant gives. */
const k = useKassa({ other: true });
const clientsPath = `/v1/accounts/${ACCOUNT}/auth/clients`;
const grantsPath = `/v1/accounts/${ACCOUNT}/auth/client-grants`;
const audienceOf = (account = ACCOUNT) => `${k.srv.baseUrl}/v1/accounts/${account}`;

const tokenFor = (clientId: string, secret: string, audience = audienceOf()) =>
  fetch(`${k.srv.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ grant_type: 'client_credentials', audience }),
  });
const bearer = async (clientId: string, secret: string) => {
  const res = await tokenFor(clientId, secret);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return new ApiClient(k.srv.baseUrl, body.access_token as string);
};

/** A new client (by the bootstrap client, which holds every scope) with a grant of `scope` for this server's audience. */
const clientWith = async (scope: string[], by: ApiClient = k.api) => {
  const created = await by.post(clientsPath, { name: `client ${scope.join(' ')}` });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (scope.length > 0) {
    const grant = await by.post(grantsPath, {
      client_id: created.body.id,
      audience: audienceOf(),
      scope,
      type: 'client_credentials',
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  }
  return {
    id: created.body.id as string,
    clientId: created.body.client_id as string,
    secret: created.body.client_secret,
  };
};

describe('clients and client grants', () => {
  it('a client with only read:checkout reads a session (200) and cannot capture (403)', async () => {
    const { sessionId, transactionId } = await paidSession(k.api);
    const reader = await clientWith(['read:checkout']);
    const token = await bearer(reader.clientId, reader.secret);
    expect((await token.get(`/v1/sessions/${sessionId}`)).status).toBe(200);
    const capture = await token.post(`/v1/transactions/${transactionId}/capture`, { amount: 1000 });
    expect(capture.status).toBe(403);
    expect(capture.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect((await k.api.get(`/v1/transactions/${transactionId}`)).body.status).toBe('AUTHORIZED');
  });

  it('a client without a grant for the audience gets no token (401), one of another origin neither', async () => {
    const bare = await clientWith([]);
    const none = await tokenFor(bare.clientId, bare.secret);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe('UNAUTHORIZED_CLIENT');
    const grant = await k.api.post(grantsPath, {
      client_id: bare.id,
      audience: `https://api.elsewhere.example/v1/accounts/${ACCOUNT}`,
      scope: ['read:checkout'],
      type: 'client_credentials',
    });
    expect(grant.status).toBe(200);
    expect((await tokenFor(bare.clientId, bare.secret)).status).toBe(401);
    expect((await tokenFor(bare.clientId, bare.secret, grant.body.audience)).status).toBe(200);
    // a grant names an audience of the caller's own account only
    const foreign = await k.api.post(grantsPath, {
      client_id: bare.id,
      audience: audienceOf(OTHER.accountId),
      scope: ['read:checkout'],
      type: 'client_credentials',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.errors[0].path).toBe('audience');
  });

  it('a deleted client, a deleted grant and a rotated secret are refused for new tokens; issued tokens still work', async () => {
    const c = await clientWith(['read:checkout']);
    const issued = await bearer(c.clientId, c.secret);
    const rotated = await k.api.post(`${clientsPath}/${c.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.client_secret).not.toBe(c.secret);
    expect((await tokenFor(c.clientId, c.secret)).status).toBe(401);
    expect((await tokenFor(c.clientId, rotated.body.client_secret)).status).toBe(200);

    const grants = await k.api.get(`${grantsPath}?client_id=${c.id}`);
    expect(grants.body).toHaveLength(1);
    expect((await k.api.request('DELETE', `${grantsPath}/${grants.body[0].id}`)).status).toBe(200);
    expect((await tokenFor(c.clientId, rotated.body.client_secret)).status).toBe(401);

    const deleted = await k.api.request('DELETE', `${clientsPath}/${c.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_at).toEqual(expect.any(String));
    const refused = await tokenFor(c.clientId, rotated.body.client_secret);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('INVALID_CLIENT');
    expect((await k.api.get(`${clientsPath}/${c.id}`)).status).toBe(404);
    // tokens already issued expire as they do (KASSA_TOKEN_TTL_SECONDS), they are not recalled
    expect((await issued.get('/v1/transactions?limit=1')).status).toBe(200);
  });

  it('a client without the clients scopes cannot create clients, nor grant scopes it does not hold', async () => {
    const reader = await bearer(...(await clientWith(['read:checkout']).then((c) => [c.clientId, c.secret] as const)));
    const refused = await reader.post(clientsPath, { name: 'sneaky' });
    expect(refused.status).toBe(403);
    const granter = await clientWith(['write:accounts:/auth/client-grants', 'read:checkout']);
    const asGranter = await bearer(granter.clientId, granter.secret);
    const raise = await asGranter.post(grantsPath, {
      client_id: granter.id,
      audience: audienceOf(),
      scope: ['admin:checkout'],
      type: 'client_credentials',
    });
    expect(raise.status).toBe(403);
    expect(raise.body.error.code).toBe('SCOPE_NOT_HELD');
    const grants = await k.api.get(`${grantsPath}?client_id=${granter.id}`);
    expect(grants.body.map((g: { scope: string[] }) => g.scope)).toEqual([
      ['write:accounts:/auth/client-grants', 'read:checkout'],
    ]);
  });

  it("account A's token cannot see or manage account B's clients (404)", async () => {
    const mine = await clientWith(['read:checkout']);
    await k
      .db()
      .updateTable('api_clients')
      .set({ scopes: JSON.stringify(['admin:accounts']) })
      .where('client_id', '=', OTHER.clientId)
      .execute();
    const other = await ApiClient.login(k.srv.baseUrl, OTHER.accountId, OTHER.clientId, OTHER.clientSecret);
    expect((await other.get(clientsPath)).status).toBe(404);
    expect((await other.post(clientsPath, { name: 'x' })).status).toBe(404);
    expect((await other.request('DELETE', `${clientsPath}/${mine.id}`)).status).toBe(404);
    const ownPath = `/v1/accounts/${OTHER.accountId}/auth/clients`;
    expect((await other.get(`${ownPath}/${mine.id}`)).status).toBe(404);
    expect((await other.post(`${ownPath}/${mine.id}/rotate_secret`)).status).toBe(404);
    const ownGrant = await other.post(`/v1/accounts/${OTHER.accountId}/auth/client-grants`, {
      client_id: mine.id,
      audience: audienceOf(OTHER.accountId),
      scope: ['admin:accounts'],
      type: 'client_credentials',
    });
    expect(ownGrant.status).toBe(404);
    expect((await tokenFor(mine.clientId, mine.secret)).status).toBe(200);
  });

  it('secrets are answered once: never in a list, a read, an Idempotency-Key replay or the database in clear', async () => {
    const key = { 'idempotency-key': `client-${Date.now()}` };
    const created = await k.api.post(clientsPath, { name: 'once', client_id: `once-${Date.now()}` }, key);
    const secret = created.body.client_secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const replay = await k.api.post(clientsPath, { name: 'once', client_id: created.body.client_id }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(created.body.id);
    expect(replay.body.client_secret).toBeUndefined();
    const answers = [await k.api.get(`${clientsPath}?limit=100`), await k.api.get(`${clientsPath}/${created.body.id}`)];
    for (const a of answers) expect(JSON.stringify(a.body)).not.toContain(secret);
    for (const table of ['api_clients', 'idempotency_keys'] as const) {
      const rows = await k.db().selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(secret);
    }
  });

  it('bad input is 400 and creates nothing; a taken client_id is 409', async () => {
    const before = (await k.db().selectFrom('api_clients').select('id').execute()).length;
    for (const body of [{ client_id: 'has:colon' }, { callbacks: ['ftp://x'] }, { name: 'x', unknown: 1 }]) {
      const res = await k.api.post(clientsPath, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const c = await clientWith([]);
    const badGrants = [
      { client_id: c.id, audience: audienceOf(), scope: ['read:everything'], type: 'client_credentials' },
      { client_id: c.id, audience: audienceOf(), scope: ['read:checkout'], type: 'password' },
      { client_id: c.id, audience: `${audienceOf()}?x=1`, scope: ['read:checkout'], type: 'client_credentials' },
    ];
    for (const body of badGrants) expect((await k.api.post(grantsPath, body)).status, JSON.stringify(body)).toBe(400);
    expect(await k.api.get(`${grantsPath}?client_id=${c.id}`)).toMatchObject({ status: 200, body: [] });
    const taken = await k.api.post(clientsPath, { client_id: c.clientId });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('CLIENT_ALREADY_EXISTS');
    expect((await k.db().selectFrom('api_clients').select('id').execute()).length).toBe(before + 1);
  });

  it('lists page with limit and starting_after; a client can be renamed', async () => {
    const a = await clientWith([]);
    const b = await clientWith([]);
    const renamed = await k.api.request('PUT', `${clientsPath}/${a.id}`, { name: 'renamed', callbacks: [] });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'renamed', client_id: a.clientId } });
    const page = await k.api.get(`${clientsPath}?limit=1&starting_after=${a.id}`);
    expect(page.body.map((c: { id: string }) => c.id)).toContain(b.id);
    expect((await k.api.get(`${clientsPath}?starting_after=nope`)).status).toBe(400);
  });
});

describe('POST /v1/admin/api-keys/{id}/rotate-api-key', () => {
  it('answers the new key once; the old key is 401 from then on, the new one works', async () => {
    const created = await k.api.post('/v1/admin/api-keys', { name: 'rotating' });
    const oldKey = created.body.api_key as string;
    const withKey = (key: string) => new ApiClient(k.srv.baseUrl).get('/v1/admin/api-keys', { 'x-api-key': key });
    expect((await withKey(oldKey)).status).toBe(200);
    const rotated = await k.api.post(`/v1/admin/api-keys/${created.body.id}/rotate-api-key`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      id: created.body.id,
      name: 'rotating',
      api_key: expect.stringMatching(/^T\d{8}\./),
    });
    expect(rotated.body.api_key).not.toBe(oldKey);
    expect((await withKey(oldKey)).status).toBe(401);
    expect((await withKey(rotated.body.api_key)).status).toBe(200);
    expect((await k.api.post('/v1/admin/api-keys/not-a-key/rotate-api-key')).status).toBe(404);
    const rows = await k.db().selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(rotated.body.api_key);
  });
});
