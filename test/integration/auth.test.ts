import { describe, expect, it } from 'vitest';
import { ApiClient, sessionBody } from '../support/api-client';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';
import { useKassa } from '../support/fixtures';

const { srv } = useKassa({ other: true });
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const tokenRequest = (account: string, auth: string | undefined, body: unknown) =>
  fetch(`${srv.baseUrl}/v1/accounts/${account}/auth/token`, {
    method: 'POST',
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const audience = (account: string) => `https://checkout.example/v1/accounts/${account}`;

describe('client credentials token', () => {
  it('a client with the right secret gets a bearer token for its account', async () => {
    const res = await tokenRequest(ACCOUNT, basic(CLIENT_ID, CLIENT_SECRET), {
      grant_type: 'client_credentials',
      audience: audience(ACCOUNT),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(body.access_token.split('.')).toHaveLength(3);
  });

  it('a wrong secret, another account or a missing Basic header is 401', async () => {
    for (const [account, auth] of [
      [ACCOUNT, basic(CLIENT_ID, 'wrong')],
      ['T20000002', basic(CLIENT_ID, CLIENT_SECRET)],
      [ACCOUNT, undefined],
    ] as const) {
      const res = await tokenRequest(account, auth, { grant_type: 'client_credentials', audience: audience(account) });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="kassa"');
      expect((await res.json()).error.code).toMatch(/INVALID_CLIENT/);
    }
  });

  it('an unsupported grant type or a foreign audience is 400; a malformed account id is 400', async () => {
    const grant = await tokenRequest(ACCOUNT, basic(CLIENT_ID, CLIENT_SECRET), {
      grant_type: 'password',
      audience: audience(ACCOUNT),
    });
    expect(grant.status).toBe(400);
    expect((await grant.json()).error.code).toBe('INVALID_GRANT');
    const aud = await tokenRequest(ACCOUNT, basic(CLIENT_ID, CLIENT_SECRET), {
      grant_type: 'client_credentials',
      audience: audience('T20000002'),
    });
    expect((await aud.json()).error.code).toBe('INVALID_AUDIENCE');
    const bad = await tokenRequest('X123', basic(CLIENT_ID, CLIENT_SECRET), {
      grant_type: 'client_credentials',
      audience: audience(ACCOUNT),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.errors[0].path).toBe('params.aid');
  });
});

describe('bearer auth and scopes', () => {
  it('no token or a forged token is 401 with the error body', async () => {
    const anon = new ApiClient(srv.baseUrl);
    const none = await anon.post('/v1/sessions', sessionBody());
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="kassa"');
    const forged = new ApiClient(srv.baseUrl, 'eyJhbGciOiJIUzI1NiJ9.eyJhaWQiOiJUMTAwMDAwMDEifQ.AAAA');
    const refused = await forged.post('/v1/sessions', sessionBody());
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="kassa"');
  });

  it('a token without the scope the operation needs is 403', async () => {
    const db = srv.kassa.ctx.database.db;
    await db
      .updateTable('api_clients')
      .set({ scopes: JSON.stringify(['read:checkout']) })
      .where('client_id', '=', 'other')
      .execute();
    const reader = await ApiClient.login(srv.baseUrl, 'T20000002', 'other', 'other-secret-0123456789');
    const res = await reader.post('/v1/sessions', sessionBody());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(await db.selectFrom('sessions').select('id').where('account_id', '=', 'T20000002').execute()).toHaveLength(
      0,
    );
  });

  it("another account's token cannot see a session or transaction: 404", async () => {
    const owner = await ApiClient.login(srv.baseUrl);
    const created = await owner.post('/v1/sessions', sessionBody());
    await srv.kassa.ctx.database.db
      .updateTable('api_clients')
      .set({ scopes: JSON.stringify(['admin:checkout']) })
      .where('client_id', '=', 'other')
      .execute();
    const other = await ApiClient.login(srv.baseUrl, 'T20000002', 'other', 'other-secret-0123456789');
    const res = await other.get(`/v1/sessions/${created.body.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('SESSION_NOT_FOUND');
    const capture = await other.post(`/v1/transactions/${created.body.id}/capture`, { amount: 1 });
    expect(capture.status).toBe(404);
  });

  it('admin endpoints accept an API key in x-api-key', async () => {
    const admin = await ApiClient.login(srv.baseUrl);
    const key = await admin.post('/v1/admin/api-keys', { name: 'ci' });
    expect(key.status).toBe(200);
    const viaKey = new ApiClient(srv.baseUrl);
    const created = await viaKey.post('/v1/admin/signature', undefined, { 'x-api-key': key.body.api_key });
    expect(created.status).toBe(200);
    expect(created.body.signature.type).toBe('v0-hmac-sha256');
    const read = await viaKey.get('/v1/admin/signature', { 'x-api-key': key.body.api_key });
    expect(read.body.signature.secret).toBe(created.body.signature.secret);
    await admin.request('DELETE', `/v1/admin/api-keys/${key.body.id}`);
    expect((await viaKey.get('/v1/admin/signature', { 'x-api-key': key.body.api_key })).status).toBe(401);
    // a key that is not there, whatever its id looks like, is 404 as documented (not 400)
    for (const id of [key.body.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const gone = await admin.request('DELETE', `/v1/admin/api-keys/${id}`);
      expect(gone.status, id).toBe(404);
      expect(gone.body.error.code).toBe('API_KEY_NOT_FOUND');
    }
    // an API key is not accepted where only bearer tokens are
    expect((await viaKey.post('/v1/sessions', sessionBody(), { 'x-api-key': key.body.api_key })).status).toBe(401);
  });
});
