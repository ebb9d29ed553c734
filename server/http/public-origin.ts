import net from 'node:net';
import type { Env } from '../config/env';

export type OriginSettings = Pick<Env, 'KASSA_PUBLIC_URL' | 'KASSA_TRUST_PROXY' | 'HOST' | 'PORT'>;

/** What `server.address()` returns: an address and the real port after listen (a string for pipes). */
export type ListeningAddress = { address: string; port: number } | string | null | undefined;

/** Decides a request's public origin from its (lower-cased) headers. */
export type PublicOrigin = (headers: Readonly<Record<string, string | string[] | undefined>>) => string;

const HOST_VALUE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The last value of a header (the one the proxy in front of us added), if any. */
const lastValue = (v: string | string[] | undefined): string | undefined => {
  const all = (Array.isArray(v) ? v.join(',') : (v ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return all[all.length - 1];
};

/** `http://localhost:<port>` on a wildcard address, else `http://<host>:<port>`. */
export const listeningOrigin = (env: Pick<Env, 'HOST' | 'PORT'>, listening?: ListeningAddress): string => {
  const bound = listening && typeof listening === 'object' ? listening : undefined;
  const host = (bound?.address ?? env.HOST).replace(/^\[|\]$/g, '');
  const port = bound?.port ?? env.PORT;
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : net.isIPv6(host) ? `[${host}]` : host;
  return `http://${name}:${port}`;
};

/** Behind a trusted proxy: X-Forwarded-Proto/-Host, else Host; undefined when they are missing or malformed. */
const forwardedOrigin = (headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined => {
  const proto = (lastValue(headers['x-forwarded-proto']) ?? 'http').toLowerCase();
  const host = lastValue(headers['x-forwarded-host']) ?? lastValue(headers.host);
  if ((proto !== 'http' && proto !== 'https') || !host || !HOST_VALUE.test(host)) return undefined;
  return `${proto}://${host.toLowerCase()}`;
};

/**
 * THE one place that decides the public origin of this server (ADR 007), used in checkout URLs,
 * redirects, the OpenAPI document's server and the demo's return/callback URLs:
 *  1. KASSA_PUBLIC_URL when set;
 *  2. with KASSA_TRUST_PROXY=true, X-Forwarded-Proto and X-Forwarded-Host (or Host) of the request;
 *  3. otherwise the listening address: request headers are never used.
 */
export const publicOriginFor = (
  env: OriginSettings,
  listening: () => ListeningAddress = () => undefined,
): PublicOrigin => {
  if (env.KASSA_PUBLIC_URL) {
    const fixed = env.KASSA_PUBLIC_URL.replace(/\/+$/, '');
    return () => fixed;
  }
  // The bound address does not change once the server listens: ask the socket once, not per request.
  let bound: string | undefined;
  const fromListener = (): string => {
    if (bound) return bound;
    const address = listening();
    const origin = listeningOrigin(env, address);
    if (address && typeof address === 'object') bound = origin;
    return origin;
  };
  return (headers) => (env.KASSA_TRUST_PROXY ? forwardedOrigin(headers) : undefined) ?? fromListener();
};
