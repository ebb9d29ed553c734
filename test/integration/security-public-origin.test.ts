import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentsBuilt } from '../../server/http/openapi';
import { listeningOrigin, publicOriginFor } from '../../server/http/public-origin';
import { sessionBody } from '../support/api-client';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, startTestServer, type TestServer } from '../support/test-server';

/** A raw request, so that Host and X-Forwarded-* go out exactly as given (fetch may not send Host). */
const raw = (baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(path, baseUrl),
      { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, agent: false },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example:8443', 'x-forwarded-proto': 'https' };

let plain: TestServer;
let proxied: TestServer;
let fixed: TestServer;
beforeAll(async () => {
  [plain, proxied, fixed] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { KASSA_TRUST_PROXY: 'true' } }),
    startTestServer({ env: { KASSA_TRUST_PROXY: 'true', KASSA_PUBLIC_URL: 'https://pay.shop.example/' } }),
  ]);
});
afterAll(() => Promise.all([plain, proxied, fixed].map((s) => s?.stop())));

const createSession = async (srv: TestServer, headers: Record<string, string>) => {
  const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
  const login = await raw(
    srv.baseUrl,
    'POST',
    `/v1/accounts/${ACCOUNT}/auth/token`,
    { authorization: basic },
    { grant_type: 'client_credentials', audience: `${srv.baseUrl}/v1/accounts/${ACCOUNT}` },
  );
  const res = await raw(
    srv.baseUrl,
    'POST',
    '/v1/sessions',
    { ...headers, authorization: `Bearer ${login.body.access_token}` },
    sessionBody(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; url: string };
};

describe('without a trusted proxy, Host and X-Forwarded-* never choose the public origin', () => {
  it("the created session's url and the /v1/view redirect use the listening address", async () => {
    const session = await createSession(plain, EVIL);
    expect(session.url).toBe(`${plain.baseUrl}/v1/view/${session.id}`);
    const view = await raw(plain.baseUrl, 'GET', `/v1/view/${session.id}`, EVIL);
    expect(view.status).toBe(302);
    expect(new URL(view.headers.location!).origin).toBe(plain.baseUrl);
  });

  it('the OpenAPI document names the listening address whatever the headers say', async () => {
    const doc = await raw(plain.baseUrl, 'GET', '/v1/openapi.json', EVIL);
    expect(doc.body.servers).toEqual([{ url: plain.baseUrl }]);
  });
});

describe('with KASSA_TRUST_PROXY=true', () => {
  it('X-Forwarded-Proto and X-Forwarded-Host (the last value, from the proxy in front) make the origin', async () => {
    const session = await createSession(proxied, {
      'x-forwarded-host': 'client-said.example, pay.shop.example',
      'x-forwarded-proto': 'https',
    });
    expect(session.url).toBe(`https://pay.shop.example/v1/view/${session.id}`);
    const view = await raw(proxied.baseUrl, 'GET', `/v1/view/${session.id}`, {
      'x-forwarded-host': 'pay.shop.example',
      'x-forwarded-proto': 'https',
    });
    expect(new URL(view.headers.location!).origin).toBe('https://pay.shop.example');
  });

  it('a malformed forwarded host or protocol is ignored: the listening address is used', async () => {
    const malformed: Record<string, string>[] = [
      { 'x-forwarded-host': 'evil.example/path?x=' },
      { 'x-forwarded-host': 'evil.example@x' },
      { 'x-forwarded-host': 'ok.example', 'x-forwarded-proto': 'javascript' },
    ];
    for (const headers of malformed) {
      const session = await createSession(proxied, headers);
      expect(session.url, JSON.stringify(headers)).toBe(`${proxied.baseUrl}/v1/view/${session.id}`);
    }
  });

  it('KASSA_PUBLIC_URL still wins over any header', async () => {
    const session = await createSession(fixed, EVIL);
    expect(session.url).toBe(`https://pay.shop.example/v1/view/${session.id}`);
  });
});

describe('GET /v1/openapi.json keeps nothing per host', () => {
  it('200 distinct forwarded hosts build no document beyond the first, and each answer names its own origin', async () => {
    await raw(proxied.baseUrl, 'GET', '/v1/openapi.json', {});
    const built = openApiDocumentsBuilt();
    expect(built).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 200; i += 1) {
      const host = `h${i}.example`;
      const res = await raw(proxied.baseUrl, 'GET', '/v1/openapi.json', { host, 'x-forwarded-host': host });
      if (i % 50 === 0) expect(res.body.servers).toEqual([{ url: `http://${host}` }]);
    }
    expect(openApiDocumentsBuilt()).toBe(built);
  });
});

describe('the listening address', () => {
  it('is localhost on a wildcard address, else the bound address, with the real port', () => {
    const env = { HOST: '0.0.0.0', PORT: 0 };
    expect(listeningOrigin(env, { address: '0.0.0.0', port: 4321 })).toBe('http://localhost:4321');
    expect(listeningOrigin(env, { address: '::', port: 4321 })).toBe('http://localhost:4321');
    expect(listeningOrigin(env, { address: '127.0.0.1', port: 80 })).toBe('http://127.0.0.1:80');
    expect(listeningOrigin(env, { address: '::1', port: 3000 })).toBe('http://[::1]:3000');
    expect(listeningOrigin({ HOST: 'kassa.internal', PORT: 3000 })).toBe('http://kassa.internal:3000');
    const origin = publicOriginFor({
      HOST: '0.0.0.0',
      PORT: 3000,
      KASSA_TRUST_PROXY: false,
      KASSA_PUBLIC_URL: undefined,
    });
    expect(origin({ host: 'evil.example', 'x-forwarded-host': 'evil.example' })).toBe('http://localhost:3000');
  });
});
