import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { AppError } from '../errors/app-error';

/**
 * Each source address gets a share of the server's connections (issue 37 item 8, ADR 044): before,
 * 1000 idle keep-alive or slow-header sockets from one address took all of KASSA_MAX_CONNECTIONS and
 * every other client was closed unanswered for as long as they were held.
 *
 * - Direct (KASSA_TRUST_PROXY unset): a connection from an address that already holds
 *   KASSA_MAX_CONNECTIONS_PER_ADDRESS is closed at once, unanswered, as node closes one past the
 *   global cap. IPv6 addresses count per /64 (one host commonly has a whole /64 to pick from); an
 *   IPv4-mapped address counts as its IPv4 address.
 * - Behind a trusted proxy every connection comes from the proxy, so counting TCP peers would give
 *   the proxy one share and lock everyone out at once. The proxy holds the slow and idle clients
 *   itself (README: it buffers requests, caps connections per client and times them out); what one
 *   client can still hold here is requests in flight, each on a connection of the proxy's. So the
 *   same share counts requests in flight per forwarded address (the last `X-Forwarded-For` entry,
 *   as client-address.ts reads it), and one past it is answered 429 with `Retry-After`.
 */
export interface ConnectionShares {
  /** Direct mode: counts the new connection, or closes it when its address holds its share. */
  admitConnection(socket: net.Socket): void;
  /** Proxy mode: counts the request until its answer is done, or returns the refusal when its client holds its share. */
  admitRequest(req: IncomingMessage, res: ServerResponse): AppError | undefined;
  /** How many its address holds now (connections or requests in flight). */
  held(address: string): number;
}

/** The key an address counts under: IPv4 as it is, IPv6 by its /64 prefix. */
export const addressKey = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
};

export const createConnectionShares = (perAddress: number, trustProxy: boolean): ConnectionShares => {
  const counts = new Map<string, number>();
  const take = (key: string): boolean => {
    const n = counts.get(key) ?? 0;
    if (perAddress > 0 && n >= perAddress) return false;
    counts.set(key, n + 1);
    return true;
  };
  const give = (key: string) => {
    const n = (counts.get(key) ?? 1) - 1;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  };
  return {
    admitConnection(socket) {
      if (trustProxy || perAddress <= 0) return;
      const key = addressKey(socket.remoteAddress ?? 'unknown');
      if (!take(key)) {
        socket.destroy();
        return;
      }
      socket.once('close', () => give(key));
    },
    admitRequest(req, res) {
      if (!trustProxy || perAddress <= 0) return undefined;
      const forwarded = req.headers['x-forwarded-for'];
      const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim();
      const key = addressKey(last || req.socket.remoteAddress || 'unknown');
      if (!take(key))
        return new AppError('TOO_MANY_REQUESTS', 'Too many requests in flight from this address', {
          headers: { 'retry-after': '1' },
        });
      res.once('close', () => give(key));
      return undefined;
    },
    held: (address) => counts.get(addressKey(address)) ?? 0,
  };
};
