import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDatabase, startKassaProcess, type KassaProcess } from '../support/kassa-process';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 37 item 8 (ADR 044): 1000 idle keep-alive or slow-header sockets from one address took every
 * connection (KASSA_MAX_CONNECTIONS) and locked everyone else out for as long as they were held. Now
 * each address gets KASSA_MAX_CONNECTIONS_PER_ADDRESS (100 by default) of them; behind a trusted proxy
 * the share counts requests in flight per forwarded address instead.
 *
 * The second address is another loopback address (127.0.0.2: the client socket binds it). The
 * server's timeouts are set far beyond the test so that nothing but the share can free a connection.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const LONG = String(600_000);
const run = async (env: Record<string, string>): Promise<KassaProcess> => {
  const db = sharedDatabase();
  cleanup.push(() => db.drop());
  const p = await startKassaProcess(db, {
    KASSA_HEADERS_TIMEOUT_MS: LONG,
    KASSA_REQUEST_TIMEOUT_MS: LONG,
    KASSA_KEEP_ALIVE_TIMEOUT_MS: LONG,
    ...env,
  });
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};

const HEALTH = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';

/**
 * A socket from `localAddress` that sends one keep-alive /healthz and then, once answered, the first
 * line of another request and nothing more (slow headers). Resolves `held` once answered, `closed`
 * when the server closed it first.
 */
const holdSocket = (baseUrl: string, localAddress: string): Promise<{ socket: net.Socket; held: boolean }> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(baseUrl);
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    cleanup.push(async () => socket.destroy());
    let text = '';
    let settled = false;
    const settle = (held: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ socket, held });
    };
    const timer = setTimeout(() => socket.destroy(new Error(`no answer and not closed within ${WAIT_MS} ms`)), WAIT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      if (/^HTTP\/1\.1 200 [\s\S]*\r\n\r\n[\s\S]*"ok"/.test(text)) {
        socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n'); // headers never finished
        settle(true);
      }
    });
    socket.on('error', () => undefined);
    socket.once('close', () => settle(false));
    socket.once('connect', () => socket.write(HEALTH));
  });

/** A /healthz on a fresh connection from `localAddress`; its status, or 0 when the connection was closed unanswered. */
const healthFrom = (baseUrl: string, localAddress: string): Promise<number> =>
  new Promise((resolve) => {
    const req = http.get(`${baseUrl}/healthz`, { agent: false, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });

describe('each address gets a share of the connections (the compiled server)', () => {
  it('holds 1,010 idle and slow-header sockets of one address to its share while a second address gets every /healthz', async () => {
    const p = await run({}); // the defaults: 1000 connections, 100 per address
    const results: { held: boolean }[] = [];
    for (let batch = 0; batch < 1010; batch += 50) {
      const n = Math.min(50, 1010 - batch);
      results.push(...(await Promise.all(Array.from({ length: n }, () => holdSocket(p.baseUrl, '127.0.0.1')))));
    }
    const held = results.filter((r) => r.held).length;
    expect(held).toBe(100); // the share; the other 910 were closed unanswered

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await healthFrom(p.baseUrl, '127.0.0.2'));
    expect(statuses).toEqual(Array<number>(20).fill(200));
    // ... and more at once than one address's share (the held sockets remain held meanwhile)
    const together = await Promise.all(Array.from({ length: 50 }, () => healthFrom(p.baseUrl, '127.0.0.2')));
    expect(together).toEqual(Array<number>(50).fill(200));
  });

  it('behind a trusted proxy, counts requests in flight per forwarded address (429 past the share), not the proxy', async () => {
    const p = await run({ KASSA_TRUST_PROXY: 'true', KASSA_MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const body = JSON.stringify({ grant_type: 'client_credentials', audience: `${p.baseUrl}/v1/accounts/${ACCOUNT}` });
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    /** A token request from `client` (X-Forwarded-For) whose body stays half sent until finish(). */
    const halfSent = (client: string) => {
      const req = http.request(`${p.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
        method: 'POST',
        agent: false,
        headers: {
          authorization: basic,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-forwarded-for': client,
        },
      });
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
      });
      status.catch(() => undefined);
      req.write(body.slice(0, 10));
      cleanup.push(async () => req.destroy());
      return { status, finish: () => req.end(body.slice(10)) };
    };
    const inFlight = async () => {
      const text = await (await fetch(`${p.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.9' } })).text();
      return Number(/^kassa_http_requests_in_flight (\d+)/m.exec(text)?.[1]);
    };
    const held = [halfSent('127.0.0.5'), halfSent('127.0.0.5')];
    await expect.poll(inFlight).toBe(2);

    const health = (client: string) =>
      fetch(`${p.baseUrl}/healthz`, { headers: { 'x-forwarded-for': `198.51.100.1, ${client}` } });
    const refused = await health('127.0.0.5');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()) as unknown).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect((await health('127.0.0.6')).status).toBe(200); // another client of the same proxy

    held[0]!.finish();
    expect(await held[0]!.status).toBe(200);
    await expect.poll(async () => (await health('127.0.0.5')).status).toBe(200);
    held[1]!.finish();
    expect(await held[1]!.status).toBe(200);
  });
});
