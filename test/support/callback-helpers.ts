import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFn } from '../../server/callbacks/callback-url-policy';
import { ApiClient, payBody, sessionBody, type Card } from './api-client';
import type { TestServer } from './test-server';
import { WAIT_MS } from './wait';

/** A DNS lookup (for checkDeliveryUrl) that answers `addresses` for every host. */
export const resolvesTo =
  (...addresses: string[]): LookupFn =>
  (_host, _opts, cb) =>
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

export interface Callback {
  method: string;
  /** Path and query as received. */
  url: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** The status the merchant answered (set once answered). */
  status?: number;
}

/**
 * A merchant callback endpoint on loopback. `respond` picks the status per request (from the
 * request itself, e.g. its `event`); returning 'hang' never answers.
 */
export type Respond = (cb: Callback, all: Callback[]) => number | 'hang';

export const startMerchant = async (respond: Respond = () => 200) => {
  const received: Callback[] = [];
  /** Re-checked whenever a callback arrives or is answered. */
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((w) => w());
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const cb: Callback = {
        method: req.method ?? '',
        url: req.url ?? '',
        query: new URL(req.url ?? '/', 'http://x').searchParams,
        headers: req.headers,
        body,
        at: Date.now(),
      };
      received.push(cb);
      const status = respond(cb, received);
      changed();
      if (status === 'hang') return;
      cb.status = status;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    received,
    /** Callbacks the merchant answered with 2xx. */
    delivered: () => received.filter((c) => c.status !== undefined && c.status >= 200 && c.status < 300),
    /** Resolves with every callback received once `until` holds (a predicate, or at least that many callbacks). */
    waitFor(
      until: number | ((all: Callback[]) => boolean),
      timeoutMs = WAIT_MS,
      what = 'callbacks',
    ): Promise<Callback[]> {
      const pred = typeof until === 'number' ? (all: Callback[]) => all.length >= until : until;
      return new Promise<Callback[]>((resolve, reject) => {
        const check = () => {
          if (!pred(received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${typeof until === 'number' ? `${until} callbacks` : what}; got ${received.length}: ${received.map((c) => `${c.method} ${c.url} -> ${c.status}`).join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Merchant = Awaited<ReturnType<typeof startMerchant>>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates a session with `callbackUrl` and pays it on the hosted page (as the customer); a declining
 * card is fine (the pay answer is 200 with success false). `baseUrl` is the server the customer uses.
 */
export const payWithCallback = async (
  baseUrl: string,
  api: ApiClient,
  callbackUrl: string,
  card?: Card,
  order: Record<string, unknown> = {},
) => {
  const body = sessionBody({ url: { return_url: 'https://shop.example/r', callback_url: callbackUrl } }, order);
  const created = await api.post('/v1/sessions', body);
  if (created.status !== 200) throw new Error(`session create: ${created.status} ${JSON.stringify(created.body)}`);
  const paid = await new ApiClient(baseUrl).post(`/v1/sessions/${created.body.id}/pay`, payBody(card));
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  return {
    sessionId: created.body.id as string,
    transactionId: paid.body.transaction_id as string,
    merchantReference: body.order.merchant_reference as string,
  };
};

/** The id of the transaction's `n`-th (0-based) event named `event`. */
export const eventId = async (api: ApiClient, transactionId: string, event: string, n = 0): Promise<string> => {
  const tx = await api.get(`/v1/transactions/${transactionId}`);
  const found = (tx.body.events as { id: string; event: string }[]).filter((e) => e.event === event)[n];
  if (!found) throw new Error(`no ${event} #${n} on ${transactionId}: ${JSON.stringify(tx.body.events)}`);
  return found.id;
};

export const outboxRows = (srv: TestServer) =>
  srv.kassa.ctx.database.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('seq').execute();

/**
 * A merchant's own verifier, written from compat.md only (no Kassa code): HMAC-SHA256 with the
 * secret over timestamp, account id, method, hostname (no port), pathname and the query sorted by
 * key, joined by "\n"; header `Kassa-Signature: t=<unix>,v0-hmac-sha256=<hex>`.
 */
export const merchantVerifies = (cb: Callback, callbackBase: string, secret: string, accountId: string): boolean => {
  const header = cb.headers['kassa-signature'];
  if (typeof header !== 'string' || /\s/.test(header)) return false;
  const fields = new Map(
    header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
  );
  const t = fields.get('t');
  const given = fields.get('v0-hmac-sha256');
  if (!t || !given || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const url = new URL(cb.url, callbackBase);
  const sorted = new URLSearchParams(url.search);
  sorted.sort();
  const signed = [t, accountId, cb.method.toUpperCase(), url.hostname, url.pathname, sorted.toString()].join('\n');
  const expected = createHmac('sha256', secret).update(signed).digest();
  const got = Buffer.from(given, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
};
