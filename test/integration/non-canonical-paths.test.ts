import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';

/**
 * Issue 37 item 7 (ADR 044): `/./v1/…`, `/x/../v1/…` and `/%2e/v1/…` did not start with `/v1`, so they
 * missed the API's 1 MiB body limit and Next resolved them to its own `/v1` route handler, which read
 * the whole body first (256 MB sent: 872 MB resident); `/./demo/orders` rendered with the demo off.
 * bin/kassa.ts now refuses a non-canonical path before any routing, and outside /v1 takes a body only
 * with a Content-Length of at most 1 MiB.
 *
 * The refusal happens in our own node layer before Next, so the API-only server (what the process
 * tests run) covers it; with the production pages built (.next, `npm run build`), the same checks run
 * against the server with Next too, which is where the body used to be buffered. Each upload is 256 MB,
 * CHUNKED, streamed as fast as the server takes it; the server's resident memory is read from
 * /proc/<pid>/status and must stay within 50 MB of what it was idle.
 */
const MB = 1024 * 1024;
const UPLOAD = 256 * MB;
const NEXT_BUILT = fs.existsSync(path.resolve(__dirname, '../../.next/BUILD_ID'));

const NON_CANONICAL = [
  '/./v1/sessions',
  '/x/../v1/sessions',
  '/%2e/v1/sessions',
  '/v1/%2E%2e/v1/sessions',
  '//v1/sessions',
  '/./demo/orders',
  '/x/%2e%2e/demo/api/callback',
  '/./console/sign-in',
  '/./docs',
];

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Upload {
  status?: number;
  body: string;
  error?: string;
  sentMb: number;
}

/** POSTs up to `bytes` in chunked framing to the raw `target` (not normalized by a URL parser) until the server answers or closes. */
const upload = (
  baseUrl: string,
  target: string,
  bytes: number,
  headers: Record<string, string> = {},
): Promise<Upload> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(baseUrl);
    const chunk = Buffer.alloc(Math.min(64 * 1024, bytes), 0x20);
    let sent = 0;
    let done = false;
    const req = http.request({
      host: hostname,
      port,
      path: target,
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...headers },
    });
    const finish = (r: Omit<Upload, 'sentMb'>) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ ...r, sentMb: Math.round(sent / MB) });
    };
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => finish({ status: res.statusCode, body }));
      res.on('error', () => finish({ status: res.statusCode, body }));
    });
    req.on('error', (e: Error & { code?: string }) => finish({ error: e.code ?? e.message, body: '' }));
    const pump = () => {
      while (!done && sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });

const modes: { name: string; env: Record<string, string> }[] = [
  { name: 'API only', env: {} },
  ...(NEXT_BUILT
    ? [{ name: 'with Next (the production pages)', env: { KASSA_API_ONLY: '0', KASSA_DEMO: 'false' } }]
    : []),
];

describe.each(modes)('non-canonical paths and page bodies, the compiled server $name', ({ env }) => {
  let db: SharedDatabase;
  let p: KassaProcess;
  let idleMb: number;
  beforeAll(async () => {
    db = sharedDatabase();
    p = await startKassaProcess(db, env);
    // warm: a few answers of each kind, then the idle resident size
    for (let i = 0; i < 3; i++) {
      await (await fetch(`${p.baseUrl}/healthz`)).text();
      await upload(p.baseUrl, '/v1/sessions', 4 * MB);
    }
    idleMb = rssMb(p.child.pid!);
  });
  afterAll(async () => {
    await p?.kill('SIGKILL');
    await db?.drop();
  });

  it.each(NON_CANONICAL)('refuses %s with 400 before reading its 256 MB chunked body', async (target) => {
    const r = await upload(p.baseUrl, target, UPLOAD);
    // the refusal, unless the connection was reset before the client read it; never a page or an API answer
    if (r.status !== undefined) {
      expect(r.status, r.body.slice(0, 200)).toBe(400);
      expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    } else expect(r.error).toMatch(/ECONNRESET|EPIPE/);
    const after = rssMb(p.child.pid!);
    expect(after - idleMb, `idle ${idleMb} MB, after ${after} MB, sent ${r.sentMb} MB`).toBeLessThan(50);
  });

  it('refuses a small request on a non-canonical path too (so the refusal is not a side effect of the size)', async () => {
    for (const target of NON_CANONICAL) {
      const r = await upload(p.baseUrl, target, 10, { 'content-length': '10' });
      expect(r.status, `${target}: ${r.body.slice(0, 200)}`).toBe(400);
    }
    const get = await new Promise<number>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: new URL(p.baseUrl).port, path: '/./demo/orders', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject),
    );
    expect(get).toBe(400);
  });

  it('outside /v1 takes no chunked body (411) and no Content-Length above 1 MiB (413), unread', async () => {
    const chunked = await upload(p.baseUrl, '/demo/start', UPLOAD);
    if (chunked.status !== undefined) expect(chunked.status, chunked.body).toBe(411);
    else expect(chunked.error).toMatch(/ECONNRESET|EPIPE/);
    const long = await upload(p.baseUrl, '/console/sign-in', UPLOAD, { 'content-length': String(UPLOAD) });
    if (long.status !== undefined) expect(long.status, long.body).toBe(413);
    else expect(long.error).toMatch(/ECONNRESET|EPIPE/);
    const after = rssMb(p.child.pid!);
    expect(after - idleMb, `idle ${idleMb} MB, after ${after} MB`).toBeLessThan(50);
    // a canonical /v1 path still reads at most 1 MiB of its body: 413
    const api = await upload(p.baseUrl, '/v1/sessions', 2 * MB);
    if (api.status !== undefined) expect(api.status).toBe(413);
    expect(rssMb(p.child.pid!) - idleMb).toBeLessThan(50);
  });
});
