import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedDatabase, startKassaProcess, type KassaProcess } from '../support/kassa-process';
import { WAIT_MS } from '../support/wait';

/**
 * Issue 24 item 9: the compiled server (dist/server/kassa.js) closes sockets that send their
 * headers or body too slowly or sit idle, and takes no more than KASSA_MAX_CONNECTIONS at once.
 * Every wait is on a condition, with the suite's deadline (WAIT_MS, far above the timeouts configured
 * here); node's own defaults, which the server had before, hold such a socket 60 to 90 s or for good.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const run = async (env: Record<string, string>): Promise<KassaProcess> => {
  const db = sharedDatabase();
  cleanup.push(() => db.drop());
  const p = await startKassaProcess(db, env);
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};

interface RawSocket {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves when the connection is closed (by either side), with the ms since it opened; rejects after WAIT_MS. */
  closed: Promise<number>;
}

const connect = (baseUrl: string): Promise<RawSocket> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const opened = Date.now();
    const socket = net.connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined); // a reset counts as closed
    const closed = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`still open after ${WAIT_MS} ms; received: ${text}`)), WAIT_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        done(Date.now() - opened);
      });
    });
    closed.catch(() => undefined);
    cleanup.push(async () => socket.destroy());
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });

const HEALTH = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** Sends one whole request on `s` and waits until its whole answer has arrived (the connection stays open). */
const roundTrip = async (s: RawSocket) => {
  const before = s.received().length;
  s.socket.write(HEALTH);
  await expect.poll(() => /\r\n\r\n[\s\S]*"ok"/.test(s.received().slice(before))).toBe(true);
  expect(s.received().slice(before)).toMatch(/^HTTP\/1\.1 200 /);
};

/** Writes `chunk` every 200 ms until the socket closes. */
const trickle = (s: RawSocket, chunk: string) => {
  const timer = setInterval(() => s.socket.writable && s.socket.write(chunk), 200);
  void s.closed.finally(() => clearInterval(timer)).catch(() => undefined);
  cleanup.push(async () => clearInterval(timer));
};

describe('connection limits of the compiled server', () => {
  it('closes a socket that sends its headers slowly, one that sends its body slowly, and an idle keep-alive one', async () => {
    const p = await run({
      KASSA_HEADERS_TIMEOUT_MS: '1000',
      KASSA_REQUEST_TIMEOUT_MS: '2000',
      KASSA_KEEP_ALIVE_TIMEOUT_MS: '1000',
    });

    const slowHeaders = await connect(p.baseUrl);
    slowHeaders.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    trickle(slowHeaders, 'x-slow: a\r\n');

    const slowBody = await connect(p.baseUrl);
    slowBody.socket.write(
      'POST /v1/accounts/T00000001/auth/token HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{',
    );
    trickle(slowBody, ' ');

    const idle = await connect(p.baseUrl);
    await roundTrip(idle);

    expect(await slowHeaders.closed).toBeGreaterThanOrEqual(1000);
    expect(slowHeaders.received()).not.toMatch(/^HTTP\/1\.1 200/);
    expect(await slowBody.closed).toBeGreaterThanOrEqual(2000);
    expect(slowBody.received()).not.toMatch(/^HTTP\/1\.1 200/);
    expect(await idle.closed).toBeGreaterThanOrEqual(1000);
    // the server itself is fine
    expect((await fetch(`${p.baseUrl}/healthz`)).status).toBe(200);
  });

  it('takes at most KASSA_MAX_CONNECTIONS connections at once: the next one is closed unanswered until one goes', async () => {
    const p = await run({ KASSA_MAX_CONNECTIONS: '3' });
    const held = [await connect(p.baseUrl), await connect(p.baseUrl), await connect(p.baseUrl)];
    for (const s of held) await roundTrip(s); // all three accepted and kept alive

    const extra = await connect(p.baseUrl);
    extra.socket.write(HEALTH);
    await extra.closed;
    expect(extra.received()).toBe('');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    // once the server has seen that one go, a new connection is answered again
    await expect
      .poll(
        async () => {
          const s = await connect(p.baseUrl).catch(() => undefined);
          s?.socket.write(HEALTH.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
          await s?.closed.catch(() => undefined);
          return s?.received() ?? '';
        },
        { interval: 200 },
      )
      .toMatch(/^HTTP\/1\.1 200 /);
  });
});
