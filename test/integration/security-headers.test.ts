import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerKassa } from '../../server/http/kassa-singleton';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import { loadEmbedPolicy } from '../../server/pages/load-embed-policy';
import { setPageSecurityHeaders } from '../../server/pages/page-headers';
import { ApiClient, sessionBody } from '../support/api-client';
import { createSession, kassaForTest, paidSession, useKassa } from '../support/fixtures';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { rawRequest } from '../support/raw-http';

/**
 * ADR 021 through the compiled server: the checkout page (its CSP, framing per account and
 * configured origins, the embedder it may post to), its assets, every /v1 answer (no-store,
 * nosniff, HSTS on https only), CORS preflights, cookies, and forwarded headers trusted only
 * with KASSA_TRUST_PROXY. Next's pages get their headers from setPageSecurityHeaders (below).
 */
const PROD = {
  accountId: 'P10000001',
  accountName: 'Production shop',
  clientId: 'prod-client',
  clientSecret: 'prod-secret-0123456789abcdef',
};
let dbs: SharedDatabase[] = [];
let testKassa: KassaProcess; // test account T10000001, plain http, no trusted proxy
let proxied: KassaProcess; // the same behind a trusted proxy (KASSA_TRUST_PROXY=true)
let testApi: ApiClient;
let proxiedApi: ApiClient;

beforeAll(async () => {
  dbs = [sharedDatabase(), sharedDatabase()];
  [testKassa, proxied] = await Promise.all([
    startKassaProcess(dbs[0]!),
    startKassaProcess(dbs[1]!, { KASSA_TRUST_PROXY: 'true' }),
  ]);
  [testApi, proxiedApi] = await Promise.all([ApiClient.login(testKassa.baseUrl), ApiClient.login(proxied.baseUrl)]);
});
afterAll(async () => {
  await Promise.all([testKassa?.kill(), proxied?.kill()]);
  await Promise.all(dbs.map((d) => d.drop()));
});

const get = rawRequest;

const csp = (headers: http.IncomingHttpHeaders | Headers): Record<string, string[]> => {
  const value =
    headers instanceof Headers ? headers.get('content-security-policy') : headers['content-security-policy'];
  expect(value, 'a Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(
    String(value)
      .split('; ')
      .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]),
  );
};
const propsOf = (html: string) =>
  JSON.parse(/<script id="kassa-checkout-props" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as {
    embed: { allowed: '*' | string[]; origin?: string };
  };
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?: type="module")?>(.*?)<\/script>/gs)].map(
    (m) => `sha256-${createHash('sha256').update(m[1]!).digest('base64')}`,
  );
const CARD = { sandbox: { creditcard: { enabled: true } } };
const withOrigins = (origins: string[]) => ({ configuration: { ...CARD, embed_origins: origins } });

describe('the checkout page', () => {
  it('has a CSP whose script hashes are exactly its inline scripts (no unsafe-inline), no-store, nosniff, no Referer, and no HSTS over http', async () => {
    const { id } = await createSession(testApi);
    const page = await get(`${testKassa.baseUrl}/?sid=${id}`);
    expect(page.status).toBe(200);
    const policy = csp(page.headers);
    const hashes = inlineScripts(page.body);
    expect(hashes).toHaveLength(2);
    expect(policy['script-src']).toEqual(["'self'", ...hashes.map((h) => `'${h}'`)]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    // cancel and 3-D Secure forms end at the merchant's return_url (https://merchant.example/return)
    expect(policy['form-action']).toEqual(["'self'", 'https://merchant.example']);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('a test account with no configured origins may be framed anywhere; configured origins replace that, and the page posts only to them', async () => {
    const open = await createSession(testApi);
    const anywhere = await get(`${testKassa.baseUrl}/?sid=${open.id}`, { referer: 'https://any.example/cart' });
    expect(csp(anywhere.headers)['frame-ancestors']).toEqual(['*']);
    expect(propsOf(anywhere.body).embed).toEqual({ allowed: '*', origin: 'https://any.example' });

    const listed = await createSession(testApi, withOrigins(['https://shop.example', 'https://shop2.example:8443']));
    const fromShop = await get(`${testKassa.baseUrl}/?sid=${listed.id}`, {
      referer: 'https://shop2.example:8443/checkout',
    });
    expect(csp(fromShop.headers)['frame-ancestors']).toEqual([
      "'self'",
      'https://shop.example',
      'https://shop2.example:8443',
    ]);
    expect(propsOf(fromShop.body).embed).toEqual({
      allowed: [testKassa.baseUrl, 'https://shop.example', 'https://shop2.example:8443'],
      origin: 'https://shop2.example:8443',
    });
    // an unlisted embedder is never the target; sdk_hostname picks among the listed ones
    expect(
      propsOf((await get(`${testKassa.baseUrl}/?sid=${listed.id}`, { referer: 'https://evil.example/' })).body).embed
        .origin,
    ).toBeUndefined();
    expect(
      propsOf((await get(`${testKassa.baseUrl}/?sid=${listed.id}&sdk_hostname=shop.example`)).body).embed.origin,
    ).toBe('https://shop.example');
  });

  it('a bad embed_origins entry is a 400 and creates nothing', async () => {
    const bad = await testApi.request('POST', '/v1/sessions', {
      ...sessionBody(),
      configuration: { embed_origins: ["https://shop.example; script-src 'unsafe-inline'"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_REQUEST');
  });

  // What originOf (domain/embed-origins.ts) drops or changes: trailing dot, bad port, bad label, path, slash, case, default port, other spellings
  const NOT_ORIGINS = [
    'https://shop.example.',
    'http://a:65536',
    'http://a:99999',
    'https://shop..example',
    'https://-shop.example',
    'https://shop-.example',
    'http://...',
  ];
  const NOT_EXACT = [
    'https://shop.example/',
    'https://shop.example/cart',
    'https://Shop.example',
    'https://shop.example:443',
    'http://shop.example:80',
    'http://0x7f.1',
    'shop.example',
  ];
  const pathsOf = (res: { body: { error: { errors: { path: string }[] } } }) =>
    res.body.error.errors.map((e) => e.path);

  it('an entry that is not exactly its own origin is a 400 naming it, wherever embed_origins is accepted; exact origins are framed as listed', async () => {
    for (const entry of [...NOT_ORIGINS, ...NOT_EXACT]) {
      const bad = await testApi.request('POST', '/v1/sessions', {
        ...sessionBody(),
        configuration: { embed_origins: ['https://shop.example', entry] },
      });
      expect([bad.status, bad.body.error.code], entry).toEqual([400, 'INVALID_REQUEST']);
      expect(pathsOf(bad), entry).toEqual(['configuration.embed_origins.1']);
    }
    // profiles (create, update) and a session made from one take the same rule; a session update takes no configuration
    const PROFILES = '/v1/admin/session/profiles';
    const profile = (origins: string[]) => ({
      description: 'embedded shop',
      configuration: { ...CARD, embed_origins: origins },
      url: { return_url: 'https://merchant.example/return' },
    });
    const profileId = `embed-${Date.now().toString(36)}`;
    const refusedProfile = await testApi.request('POST', PROFILES, {
      profile_id: profileId,
      ...profile(['https://shop.example.']),
    });
    expect([refusedProfile.status, pathsOf(refusedProfile)]).toEqual([400, ['configuration.embed_origins.0']]);
    expect(
      (await testApi.request('POST', PROFILES, { profile_id: profileId, ...profile(['https://shop.example']) })).status,
    ).toBe(200);
    const refusedUpdate = await testApi.request(
      'PUT',
      `${PROFILES}/${profileId}`,
      profile(['https://shop.example', 'http://a:65536']),
    );
    expect([refusedUpdate.status, pathsOf(refusedUpdate)]).toEqual([400, ['configuration.embed_origins.1']]);
    const refusedOverride = await testApi.request('POST', '/v1/sessions-profile', {
      ...sessionBody(),
      profile_id: profileId,
      configuration: { embed_origins: ['https://-shop.example'] },
    });
    expect([refusedOverride.status, pathsOf(refusedOverride)]).toEqual([400, ['configuration.embed_origins.0']]);
    const open = await createSession(testApi);
    const update = await testApi.request('PUT', `/v1/sessions/${open.id}?update_without_lock=true`, {
      order: open.body.order,
      configuration: { embed_origins: ['https://evil.example'] },
    });
    expect(update.status).toBe(400);

    const exact = [
      'https://shop.example',
      'http://localhost:8080',
      'http://[::1]:8443',
      'https://xn--bcher-kva.example',
    ];
    const listed = await createSession(testApi, withOrigins(exact));
    expect(csp((await get(`${testKassa.baseUrl}/?sid=${listed.id}`)).headers)['frame-ancestors']).toEqual([
      "'self'",
      ...exact,
    ]);
  });

  it('its 404 and its assets carry the headers that apply', async () => {
    const missing = await get(`${testKassa.baseUrl}/?sid=T10000001.nothing-here`);
    expect(missing.status).toBe(404);
    expect(csp(missing.headers)['script-src']).not.toContain("'unsafe-inline'");
    expect(missing.headers['cache-control']).toContain('no-store');
    const script = /import\("([^"]+)"\)/.exec(missing.body)![1]!;
    const asset = await get(`${testKassa.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('on https (X-Forwarded-Proto behind the trusted proxy) pages and /v1 send HSTS and the checkout cookie is SameSite=None; Secure', async () => {
    const { id } = await createSession(proxiedApi);
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pay.example' };
    expect((await get(`${proxied.baseUrl}/?sid=${id}`, https)).headers['strict-transport-security']).toMatch(
      /^max-age=\d+/,
    );
    const view = await fetch(`${proxied.baseUrl}/v1/view/${id}/session`, { headers: https });
    expect(view.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(view.headers.get('set-cookie')).toMatch(
      /^kassa_checkout=[^;]+; Path=\/v1\/view; Max-Age=\d+; HttpOnly; SameSite=None; Secure$/,
    );
    const plain = await fetch(`${proxied.baseUrl}/v1/view/${id}/session`, {
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'pay.example' },
    });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax$/);
  });

  it('without KASSA_TRUST_PROXY spoofed X-Forwarded-* change nothing: no HSTS, the listening origin in URLs', async () => {
    const spoof = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-for': '203.0.113.9',
    };
    const created = await testApi.request('POST', '/v1/sessions', sessionBody(), spoof);
    expect(created.status).toBe(200);
    expect(created.headers.get('strict-transport-security')).toBeNull();
    expect(created.body.url).toMatch(new RegExp(`^${testKassa.baseUrl}/`));
    const page = await get(`${testKassa.baseUrl}/?sid=${created.body.id}`, spoof);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const redirect = await fetch(`${testKassa.baseUrl}/v1/view/${created.body.id}`, {
      headers: spoof,
      redirect: 'manual',
    });
    expect(redirect.headers.get('location')).toMatch(new RegExp(`^${testKassa.baseUrl}/\\?`));
  });
});

describe('/v1 responses', () => {
  it('every answer (success, error, redirect, 413) is no-store and nosniff', async () => {
    const { id } = await createSession(testApi);
    const answers = [
      await fetch(`${testKassa.baseUrl}/v1/view/${id}/session`),
      await fetch(`${testKassa.baseUrl}/v1/sessions/${id}`),
      await fetch(`${testKassa.baseUrl}/v1/view/${id}`, { redirect: 'manual' }),
      await fetch(`${testKassa.baseUrl}/v1/nowhere`),
      await fetch(`${testKassa.baseUrl}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(1_100_000),
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 302, 404, 413]);
    for (const r of answers) {
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the checkout cookie on plain http 127.0.0.1 is HttpOnly; SameSite=None; Secure (browsers accept Secure on loopback)', async () => {
    const { id } = await createSession(testApi);
    const view = await fetch(`${testKassa.baseUrl}/v1/view/${id}/session`);
    expect(view.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=None; Secure$/);
  });

  it('a CORS preflight is answered 204 with Allow and no Access-Control-Allow-Origin: browsers on other origins are refused', async () => {
    const preflight = {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    };
    const sessions = await fetch(`${testKassa.baseUrl}/v1/sessions`, { method: 'OPTIONS', headers: preflight });
    expect(sessions.status).toBe(204);
    expect(sessions.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(sessions.headers.get('access-control-allow-origin')).toBeNull();
    expect(sessions.headers.get('access-control-allow-methods')).toBeNull();
    expect(sessions.headers.get('cache-control')).toBe('no-store');
    const view = await fetch(`${testKassa.baseUrl}/v1/view/any-id/session`, { method: 'OPTIONS', headers: preflight });
    expect(view.status).toBe(204);
    expect(view.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${testKassa.baseUrl}/v1/nowhere`, { method: 'OPTIONS', headers: preflight })).status).toBe(
      404,
    );
  });

  it('HEAD answers as GET does without the body; a method a path does not take is 405 with Allow', async () => {
    const { id } = await createSession(testApi);
    const path = `/v1/sessions/${id}`;
    const [got, head] = [await testApi.request('GET', path), await testApi.request('HEAD', path)];
    expect([got.status, head.status]).toEqual([200, 200]);
    expect(head.body).toBeUndefined();
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(head.headers.get('content-length')).toBe(got.headers.get('content-length'));
    expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
    expect(head.headers.get('cache-control')).toBe('no-store');
    const refused = await new ApiClient(testKassa.baseUrl).request('HEAD', path);
    expect([refused.status, refused.body]).toEqual([401, undefined]);

    const wrong = await testApi.request('DELETE', '/v1/sessions');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(wrong.body.error.code).toBe('METHOD_NOT_ALLOWED');
    const postOnly = await testApi.request('HEAD', `${path}/cancel`);
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('KASSA_PUBLIC_URL=https://… sends HSTS on every /v1 answer', async () => {
    const { srv } = await kassaForTest({ env: { KASSA_PUBLIC_URL: 'https://pay.example' } });
    for (const r of [await fetch(`${srv.baseUrl}/v1/sessions`), await fetch(`${srv.baseUrl}/v1/openapi.json`)]) {
      expect(r.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe("Next's pages (setPageSecurityHeaders, as bin/kassa.ts calls it before Next renders)", () => {
  const { srv, api } = useKassa();
  const SELF = 'http://127.0.0.1:3000';
  beforeAll(() => registerKassa(srv.kassa));

  const headersFor = async (url: string, requestHeaders: Record<string, string> = {}, self = SELF) => {
    const req = { url, headers: { ...requestHeaders } } as unknown as http.IncomingMessage;
    const set: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as http.ServerResponse;
    await setPageSecurityHeaders(req, res, self, false);
    return { response: set, request: req.headers };
  };
  const directivesOf = (value: string | undefined) =>
    Object.fromEntries(
      String(value)
        .split('; ')
        .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]),
    );

  it('the landing page, the demo store and error pages: a fresh nonce per response, handed to Next in the request, framed by Kassa only', async () => {
    const a = await headersFor('/', { 'content-security-policy': "script-src 'nonce-chosen-by-client'" });
    const b = await headersFor('/demo/inline');
    const policy = directivesOf(a.response['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{24}'$/)]);
    expect(a.request['content-security-policy']).toBe(a.response['content-security-policy']);
    expect(a.response['content-security-policy']).not.toContain('chosen-by-client');
    expect(b.response['content-security-policy']).not.toBe(a.response['content-security-policy']);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(a.response['x-content-type-options']).toBe('nosniff');
    expect(a.response['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.response['strict-transport-security']).toBeUndefined();
    expect((await headersFor('/', {}, 'https://pay.example')).response['strict-transport-security']).toMatch(
      /^max-age=/,
    );
  });

  it('/embedResult/ and the sandbox pages are framed as their session allows, with no Referer', async () => {
    const listed = await createSession(api, withOrigins(['https://shop.example']));
    const result = await headersFor(`/embedResult/?sid=${listed.id}&transaction_id=x`);
    expect(directivesOf(result.response['content-security-policy'])['frame-ancestors']).toEqual([
      "'self'",
      'https://shop.example',
    ]);
    expect(result.response['referrer-policy']).toBe('no-referrer');
    expect(
      directivesOf((await headersFor('/embedResult/?sid=unknown')).response['content-security-policy'])[
        'frame-ancestors'
      ],
    ).toEqual(['*']);

    const { transactionId } = await paidSession(api, { overrides: withOrigins(['https://shop.example']) });
    const sandbox = await headersFor(`/sandbox/3ds/${transactionId}?back=%2F`);
    expect(directivesOf(sandbox.response['content-security-policy'])['frame-ancestors']).toEqual([
      "'self'",
      'https://shop.example',
    ]);
    expect(directivesOf(sandbox.response['content-security-policy'])['form-action']).toEqual([
      "'self'",
      'https://merchant.example',
    ]);
  });

  it('entries stored before the rule was strict crash nothing, and a test account that listed only such entries is never framed by any site', async () => {
    const db = srv.kassa.ctx.database.db;
    const stale = ['https://shop.example.', 'http://a:99999', 'https://-shop.example'];
    const profileId = `stale-${Date.now().toString(36)}`;
    const saved = await api.post('/v1/admin/session/profiles', {
      profile_id: profileId,
      description: 'old',
      configuration: { ...CARD, embed_origins: ['https://shop.example'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await db
      .selectFrom('session_profiles')
      .select(['id', 'data'])
      .where('profile_id', '=', profileId)
      .executeTakeFirstOrThrow();
    const data = JSON.parse(row.data) as { configuration: Record<string, unknown> };
    await db
      .updateTable('session_profiles')
      .set({ data: JSON.stringify({ ...data, configuration: { ...data.configuration, embed_origins: stale } }) })
      .where('id', '=', row.id)
      .execute();
    const read = await api.get(`/v1/admin/session/profiles/${profileId}`);
    expect([read.status, read.body.configuration?.embed_origins]).toEqual([200, stale]);
    const fromStale = await api.post('/v1/sessions-profile', { ...sessionBody(), profile_id: profileId });
    expect(fromStale.status, JSON.stringify(fromStale.body)).toBe(200);
    expect((await api.get(`/v1/sessions/${fromStale.body.id}`)).status).toBe(200);
    // what a production account without a list gets: Kassa and the return_url's origin, never *
    expect(await loadEmbedPolicy(SELF, { sid: fromStale.body.id })).toEqual({
      allowed: [SELF, 'https://merchant.example'],
      returnUrl: 'https://merchant.example/return',
    });
    const frameAncestors = directivesOf(
      (await headersFor(`/embedResult/?sid=${fromStale.body.id}`)).response['content-security-policy'],
    )['frame-ancestors'];
    expect(frameAncestors).toEqual(["'self'", 'https://merchant.example']);
  });

  it("a production account (no sandbox sessions exist for it: moved there in the database): Kassa and its return_url's origin, or its configured origins", async () => {
    await ensureAccountClient(srv.kassa.ctx.database, PROD);
    const plain = await createSession(api);
    const listed = await createSession(api, withOrigins(['https://shop.example']));
    await srv.kassa.ctx.database.db
      .updateTable('sessions')
      .set({ account_id: PROD.accountId })
      .where('id', 'in', [plain.id, listed.id])
      .execute();
    const frameAncestors = async (sid: string) =>
      directivesOf((await headersFor(`/embedResult/?sid=${sid}`)).response['content-security-policy'])[
        'frame-ancestors'
      ];
    expect(await frameAncestors(plain.id)).toEqual(["'self'", 'https://merchant.example']);
    expect(await frameAncestors(listed.id)).toEqual(["'self'", 'https://shop.example']);
    expect(await loadEmbedPolicy(SELF, { sid: plain.id })).toEqual({
      allowed: [SELF, 'https://merchant.example'],
      returnUrl: 'https://merchant.example/return',
    });
  });
});
