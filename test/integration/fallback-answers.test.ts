import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { answerUnexpectedError } from '../../server/http/fallback-responses';
import { ApiClient } from '../support/api-client';
import { createSession } from '../support/fixtures';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { rawRequest } from '../support/raw-http';

/**
 * ADR 021 on what the compiled server answers itself, outside the route table, the checkout page
 * and Next (server/http/fallback-responses.ts): the ops endpoints, a page path nothing serves, node's
 * parser refusals and the last resort when a handler throws carry the /v1 header set, HSTS on https.
 */
let db: SharedDatabase;
let proxiedDb: SharedDatabase; // its own: one process per SQLite data directory (ADR 044)
let testKassa: KassaProcess; // API only (no Next), plain http, no trusted proxy
let proxied: KassaProcess; // behind a trusted proxy (KASSA_TRUST_PROXY=true)
let api: ApiClient;

beforeAll(async () => {
  db = sharedDatabase();
  testKassa = await startKassaProcess(db);
  proxiedDb = sharedDatabase();
  proxied = await startKassaProcess(proxiedDb, { KASSA_TRUST_PROXY: 'true' });
  api = await ApiClient.login(testKassa.baseUrl);
});
afterAll(async () => {
  await Promise.all([testKassa?.kill(), proxied?.kill()]);
  await Promise.all([db?.drop(), proxiedDb?.drop()]);
});

const get = rawRequest;

describe('what the server answers itself (bin/kassa.ts): ops endpoints, a page path nothing serves, the last resort', () => {
  const expectAnswerHeaders = (headers: http.IncomingHttpHeaders, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['cache-control'], what).toBe('no-store');
    expect(headers['content-security-policy'], what).toBe("default-src 'none'");
    expect(headers['strict-transport-security'], what).toBeUndefined();
  };

  it('/healthz, /readyz, /metrics, their 405 and the API-only 404 carry the /v1 set; HSTS behind a trusted https proxy', async () => {
    for (const [path, method, status] of [
      ['/healthz', 'GET', 200],
      ['/readyz', 'GET', 200],
      ['/metrics', 'GET', 200],
      ['/healthz', 'POST', 405],
      ['/nowhere', 'GET', 404],
      ['/demo', 'GET', 404],
    ] as const) {
      const res = await get(`${testKassa.baseUrl}${path}`, {}, method);
      expect(res.status, `${method} ${path}`).toBe(status);
      expectAnswerHeaders(res.headers, `${method} ${path}`);
    }
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pay.example' };
    for (const path of ['/healthz', '/metrics', '/nowhere'])
      expect((await get(`${proxied.baseUrl}${path}`, https)).headers['strict-transport-security'], path).toMatch(
        /^max-age=\d+/,
      );
  });

  it('a target WHATWG URL cannot resolve (`//`) is refused (400, ADR 044), with the headers, and the server lives on', async () => {
    for (const target of ['//', '//x', '/\\']) {
      const res = await get(`${testKassa.baseUrl}${target}`);
      expect(res.status, target).toBe(400);
      expectAnswerHeaders(res.headers, target);
    }
    expect((await get(`${testKassa.baseUrl}/healthz`)).status).toBe(200);
  });

  /** One raw request on its own connection; what came back until the server closed it. */
  const send = (request: string) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(Number(new URL(testKassa.baseUrl).port), '127.0.0.1', () => socket.end(request));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
  const bodyOf = (answer: string) =>
    JSON.parse(answer.split('\r\n\r\n')[1]!) as { error: { code: string; message: string } };

  it("a request node's parser refuses (broken framing, headers over 16 KiB) gets the error shape and the headers too", async () => {
    for (const [request, status] of [
      ['GET /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n', 400],
      [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await send(request);
      expect(answer, request.slice(0, 40)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
      expect(answer).toMatch(/\r\nreferrer-policy: no-referrer\r\n/);
      expect(bodyOf(answer).error.code).toBe(status === 431 ? 'HEADERS_TOO_LARGE' : 'INVALID_REQUEST');
    }
  });

  it('what node would answer bare itself (no Host, an unknown Expect, CONNECT) gets the error shape and the headers', async () => {
    for (const [request, status, code] of [
      ['GET /v1/openapi.json HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'INVALID_REQUEST'],
      [
        'POST /v1/sessions HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        417,
        'EXPECTATION_FAILED',
      ],
      ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
    ] as const) {
      const answer = await send(request);
      expect(answer, request.slice(0, 30)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
      expect(bodyOf(answer).error.code).toBe(code);
    }
    expect((await get(`${testKassa.baseUrl}/healthz`)).status).toBe(200);
  });

  it('an absolute-form target (RFC 9112 §3.2.2) reaches the API like its origin form', async () => {
    const { host } = new URL(testKassa.baseUrl);
    const openapi = await send(
      `GET http://${host}/v1/openapi.json HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(openapi).toMatch(/^HTTP\/1.1 200 /);
    expect(JSON.parse(openapi.slice(openapi.indexOf('\r\n\r\n') + 4)).openapi).toMatch(/^3\.1/);
    const created = await send(
      `GET http://${host}/v1/sessions?limit=1 HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer nope\r\nConnection: close\r\n\r\n`,
    );
    expect(created).toMatch(/^HTTP\/1.1 401 /);
    expect(bodyOf(created).error.code).toBe('UNAUTHORIZED');
  });

  it('a page whose handler fails (a stored row it cannot read) is a plain 500 with the headers and nothing internal', async () => {
    const { id } = await createSession(api);
    const reader = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: db.dataDir,
      pgSchema: db.pgSchema,
    });
    try {
      await reader.db.updateTable('sessions').set({ configuration: '{not json' }).where('id', '=', id).execute();
    } finally {
      await reader.close();
    }
    const page = await get(`${testKassa.baseUrl}/?sid=${id}`);
    expect(page.status).toBe(500);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toBe('Something went wrong\n');
    expectAnswerHeaders(page.headers, 'the failed page');
    expect((await get(`${testKassa.baseUrl}/healthz`)).status).toBe(200);
  });

  it('the last resort on /v1 is the error shape (500 INTERNAL, nothing internal), and drops what the handler had set', async () => {
    const server = http.createServer((req, res) => {
      res.setHeader('set-cookie', 'half=done');
      answerUnexpectedError(
        req,
        res,
        req.headers['x-origin'] === 'https' ? 'https://pay.example' : 'http://127.0.0.1',
        new Error('at /srv/kassa/secret.ts: SELECT * FROM api_clients'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const v1 = await get(`${base}/v1/sessions?limit=1`);
      expect([v1.status, v1.headers['content-type'], JSON.parse(v1.body)]).toEqual([
        500,
        'application/json; charset=utf-8',
        { error: { message: 'Something went wrong', code: 'INTERNAL', errors: [] } },
      ]);
      expectAnswerHeaders(v1.headers, '/v1');
      expect(v1.headers['set-cookie']).toBeUndefined();
      const page = await get(`${base}/?sid=x`, { 'x-origin': 'https' });
      expect([page.status, page.body]).toEqual([500, 'Something went wrong\n']);
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(`${v1.body}${page.body}`).not.toMatch(/secret|SELECT|srv/);
    } finally {
      server.close();
    }
  });
});
