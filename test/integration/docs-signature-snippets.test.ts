import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../server/signature/sign-callback';
import { payWithCallback } from '../support/callback-helpers';
import { useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';
import { WAIT_MS } from '../support/wait';

/**
 * The API docs' signature guide (/docs/verify-signature) shows app/docs/_snippets/ verbatim. Each snippet runs
 * here as a merchant would run it (its own process: node, and python3 with the standard library only) as the
 * callback endpoint of a real Kassa, which signs with its own code; forged requests are signed by that code too.
 */
const SNIPPETS = path.resolve(__dirname, '../../app/docs/_snippets');
const LANGUAGES = [
  { name: 'Node', command: process.execPath, file: 'verify-signature.mjs' },
  { name: 'Python', command: 'python3', file: 'verify_signature.py' },
] as const;

interface Endpoint {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts a snippet's callback endpoint on a free port; resolves once it says where it listens. */
const startSnippet = (command: string, file: string, secret: string) =>
  new Promise<Endpoint>((resolve, reject) => {
    let out = '';
    const child = spawn(command, [path.join(SNIPPETS, file)], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        KASSA_SIGNING_SECRET: secret,
        KASSA_ACCOUNT_ID: ACCOUNT,
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} did not start within ${WAIT_MS} ms:\n${out}`));
    }, WAIT_MS);
    const read = (d: Buffer) => {
      out += d;
      const port = /listening on port (\d+)/.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ child, url: `http://127.0.0.1:${port}`, output: () => out });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) while starting:\n${out}`)));
  });

/** A request to the endpoint as Kassa would send it: `target` is the path and query, `host` the Host header. */
const send = (endpoint: Endpoint, method: string, target: string, headers: Record<string, string>, body = '') =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(`${endpoint.url}${target}`, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });

const now = () => Math.floor(Date.now() / 1000);

describe.each(LANGUAGES)('the signature guide in $name', ({ command, file }) => {
  const { srv, api } = useKassa();
  let secret = '';
  let endpoint: Endpoint;
  /** Kassa's own signature of `method target` sent to the endpoint (its hostname is 127.0.0.1, as it calls it). */
  const signed = (method: string, target: string, t = now(), key = secret) =>
    signatureHeader(key, t, ACCOUNT, method, `${endpoint.url}${target}`);

  beforeAll(async () => {
    secret = (await api.post('/v1/admin/signature')).body.signature.secret as string;
    endpoint = await startSnippet(command, file, secret);
  });
  afterAll(() => {
    endpoint?.child.kill();
  });

  it("accepts the callbacks Kassa delivers (GET, and POST with the transaction), with the merchant's own query", async () => {
    const paths = ['/kassa/callback?shop=nb%20NO&x=~*&y=%C3%A6&b=2&a=1&b=1', '/kassa/callback?method=POST&flag'];
    const sessions = [];
    for (const p of paths) sessions.push(await payWithCallback(srv.baseUrl, api, `${endpoint.url}${p}`));
    for (const { sessionId } of sessions)
      await expect
        .poll(async () => (await api.get(`/v1/admin/callbacks?session_id=${sessionId}`)).body[0])
        .toMatchObject({ status: 'DELIVERED', last_status_code: 200, attempt_count: 1 });
  });

  it('accepts a request signed by Kassa and refuses one that is not (401): other query, method, secret or account', async () => {
    const target = '/cb?transaction_id=T10000001.abc&merchant_reference=order-1&time=2026-01-01T00%3A00%3A00Z';
    const forged = target.replace('T10000001.abc', 'T10000001.other');
    const header = signed('GET', target);
    expect(await send(endpoint, 'GET', target, { 'kassa-signature': header })).toBe(200);
    expect(await send(endpoint, 'GET', forged, { 'kassa-signature': header })).toBe(401);
    expect(await send(endpoint, 'GET', `${target}&extra=1`, { 'kassa-signature': header })).toBe(401);
    expect(await send(endpoint, 'POST', target, { 'kassa-signature': header })).toBe(401);
    expect(await send(endpoint, 'GET', target, { 'kassa-signature': signed('GET', target, now(), `${secret}x`) })).toBe(
      401,
    );
    const otherAccount = signatureHeader(secret, now(), 'T20000002', 'GET', `${endpoint.url}${target}`);
    expect(await send(endpoint, 'GET', target, { 'kassa-signature': otherAccount })).toBe(401);
  });

  it('refuses an old or future timestamp (more than 5 minutes away), and a missing or malformed header', async () => {
    const target = '/cb?transaction_id=T10000001.abc';
    for (const t of [now() - 3600, now() - 301, now() + 301])
      expect(await send(endpoint, 'GET', target, { 'kassa-signature': signed('GET', target, t) }), `t=${t}`).toBe(401);
    expect(await send(endpoint, 'GET', target, { 'kassa-signature': signed('GET', target, now() - 60) })).toBe(200);
    const sig = signed('GET', target).split(',')[1]!;
    for (const header of ['', 'garbage', sig, `t=${now()}`, `t=x${now()},${sig}`, `t=${now()},v0-hmac-sha256=zz`])
      expect(await send(endpoint, 'GET', target, { 'kassa-signature': header }), header).toBe(401);
    expect(await send(endpoint, 'GET', target, {})).toBe(401);
  });

  it('does not see a changed POST body: the body is not signed, so the guide reads the transaction from the API', async () => {
    const target = '/cb?method=POST&transaction_id=T10000001.abc';
    const header = { 'kassa-signature': signed('POST', target), 'content-type': 'application/json' };
    expect(await send(endpoint, 'POST', target, header, '{"amount": 1}')).toBe(200);
    expect(await send(endpoint, 'POST', target, header, '{"amount": 999999}')).toBe(200);
  });
});

describe('the snippets as functions', () => {
  // compat.md's test vector: secret 123, t 1582236537, account P00000000, GET https://example.com/callback?B=123&A=992
  const vector = {
    header: 't=1582236537,v0-hmac-sha256=6bed2ab1b919d460ef7465a20dc6c97260dca73fab6647106ca525f0908df64a',
    url: 'https://example.com/callback?B=123&A=992',
  };
  const run = (command: string, args: string[]) => {
    const r = spawnSync(command, args, { cwd: SNIPPETS, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.trim();
  };
  const node = (url: string, now: number) =>
    run(process.execPath, [
      '--input-type=module',
      '-e',
      `import { verifyKassaSignature as v } from './verify-signature.mjs';
       console.log(v({ header: ${JSON.stringify(vector.header)}, secret: '123', accountId: 'P00000000', method: 'GET',
         url: ${JSON.stringify(url)}, nowSeconds: ${now} }))`,
    ]);
  const python = (url: string, now: number) =>
    run('python3', [
      '-B',
      '-c',
      `from verify_signature import verify_kassa_signature as v
print(str(v(${JSON.stringify(vector.header)}, '123', 'P00000000', 'GET', ${JSON.stringify(url)}, now=${now})).lower())`,
    ]);

  it.each([
    ['Node', node],
    ['Python', python],
  ])('%s verifies the published test vector, and only within 5 minutes of its time', (_name, verify) => {
    expect(verify(vector.url, 1582236537)).toBe('true');
    expect(verify('https://example.com:8443/callback?A=992&B=123', 1582236537 + 300)).toBe('true');
    expect(verify(vector.url, 1582236537 + 301)).toBe('false');
    expect(verify('https://example.com/callback?B=124&A=992', 1582236537)).toBe('false');
  });
});
