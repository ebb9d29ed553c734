import dns from 'node:dns';
import net from 'node:net';
import type { AppContext } from '../app-context';
import type { Env } from '../config/env';
import { AppError } from '../errors/app-error';

/**
 * THE one place that decides which merchant URLs Kassa calls (callbacks, and the express
 * shipping-address callback in server/express/call-express-callback.ts):
 *  - only http and https;
 *  - no private, loopback, link-local, unique-local (or otherwise non-public: unspecified,
 *    carrier-grade NAT, multicast, reserved) addresses, and no `localhost`, unless
 *    `KASSA_ALLOW_PRIVATE_CALLBACKS` allows them. Unset, it allows them for test accounts (T...)
 *    and refuses them for production accounts (P...); `true` allows them for every account,
 *    `false` for none.
 * Checked twice: when the URL is given (IP literals and `localhost`; 400 INVALID_CALLBACK_URL),
 * and at every delivery, where host names are resolved with dns.lookup and the connection is made
 * to the very address that was checked (so DNS rebinding cannot slip a private address in).
 */

export const REPORT_EVENTS = ['CAPTURE', 'REFUND', 'VOID'] as const;
export const MAX_DELAY_CALLBACK_SECONDS = 60;

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation (RFC 8215)
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo (an IPv4 relay tunnel; the address inside is obfuscated)
  ['2001:db8::', 32], // documentation
];
const blocked = new net.BlockList();
for (const [a, p] of V4_BLOCKED) blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6_BLOCKED) blocked.addSubnet(a, p, 'ipv6');

/** Expands an IPv6 address to its eight 16-bit groups. */
const ipv6Groups = (ip: string): number[] => {
  let s = ip.toLowerCase();
  const v4 = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const b = v4[1]!.split('.').map(Number);
    s = s.slice(0, -v4[1]!.length) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = s.includes('::')
    ? (s.split('::') as [string, string]) /* includes('::'): split gives at least two parts */
    : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g || '0', 16));
};

const v4FromGroups = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** True for any address a callback must not reach by default (see the list above). */
export const isPrivateAddress = (address: string): boolean => {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  if (blocked.check(ip, 'ipv6')) return true;
  const g = ipv6Groups(ip);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d),
  // NAT64 (64:ff9b::a.b.c.d): judge the IPv4 inside
  const zeros4 = g.slice(0, 4).every((x) => x === 0);
  const embedsV4 = zeros4 && ((g[4] === 0 && (g[5] === 0xffff || g[5] === 0)) || (g[4] === 0xffff && g[5] === 0));
  if (embedsV4 || (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) {
    return isPrivateAddress(v4FromGroups(g[6]!, g[7]!));
  }
  // 6to4 (2002:a.b.c.d::/48)
  if (g[0] === 0x2002) return isPrivateAddress(v4FromGroups(g[1]!, g[2]!));
  return false;
};

const isLocalhostName = (host: string): boolean => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
};

/** Unset: allowed for test accounts (T...) only. */
export const privateCallbacksAllowed = (env: Pick<Env, 'KASSA_ALLOW_PRIVATE_CALLBACKS'>, accountId: string): boolean =>
  env.KASSA_ALLOW_PRIVATE_CALLBACKS ?? accountId.startsWith('T');

const invalid = (message: string, detail: string, path = 'url.callback_url'): AppError =>
  new AppError('INVALID_CALLBACK_URL', message, { errors: [{ path, message: detail }] });

/** Why a URL's host (before any DNS) is refused, or undefined. */
const literalHostProblem = (url: URL): string | undefined => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalhostName(host)) return `${host} is a local host name`;
  if (net.isIP(host) && isPrivateAddress(host)) return `${host} is a private, loopback or link-local address`;
  return undefined;
};

/**
 * Any URL Kassa will call, when it is given (the session's callback_url, express callback URLs):
 * a valid http(s) URL without credentials, not on a private address unless allowed. `path` names
 * the field (e.g. `express.shipping_address_callback_url`). Host names are resolved only when called.
 */
export const assertOutboundUrlAllowed = (
  ctx: Pick<AppContext, 'env'>,
  accountId: string,
  url: string,
  path: string,
): URL => {
  const name = path.split('.').pop()!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`${name} is not a valid URL`, 'invalid URL', path);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`${name} must use http or https`, 'must be http(s)', path);
  if (parsed.username || parsed.password)
    throw invalid(`${name} must not contain credentials`, 'no user:password@ in the URL', path);
  if (!privateCallbacksAllowed(ctx.env, accountId)) {
    const problem = literalHostProblem(parsed);
    if (problem)
      throw invalid(
        `${name} must be a public address: ${problem}`,
        'private addresses are not allowed for this account',
        path,
      );
  }
  return parsed;
};

/** The session's callback_url: an allowed outbound URL (above) with valid callback options. */
export const assertCallbackUrlAllowed = (ctx: Pick<AppContext, 'env'>, accountId: string, url: string): void => {
  const parsed = assertOutboundUrlAllowed(ctx, accountId, url, 'url.callback_url');
  const delay = parsed.searchParams.get('delay_callback');
  if (delay !== null && !/^\d+$/.test(delay))
    throw invalid(
      'delay_callback must be a whole number of seconds',
      `delay_callback must be 0-${MAX_DELAY_CALLBACK_SECONDS}`,
    );
  for (const e of parsed.searchParams.getAll('report_event')) {
    if (!(REPORT_EVENTS as readonly string[]).includes(e.toUpperCase()))
      throw invalid(`report_event must be one of ${REPORT_EVENTS.join(', ')}`, `unknown report_event ${e}`);
  }
};

export type LookupFn = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/** Raised (as the connection's error) when a delivery is refused by the policy; such an attempt is final. */
export class CallbackUrlRefused extends Error {
  readonly code = 'CALLBACK_URL_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'CallbackUrlRefused';
  }
}

/**
 * At delivery: refuses what is refused at creation, and returns a `lookup` for node:http that
 * resolves the host with dns.lookup and refuses the connection when any address it gets is private
 * (unless allowed). The socket connects to the address this lookup returned: no second resolution.
 */
export const deliveryTarget = (
  url: string,
  opts: { allowPrivate: boolean; lookup?: LookupFn },
): { ok: true; lookup: net.LookupFunction } | { ok: false; reason: string } => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, reason: 'only http and https are allowed' };
  if (!opts.allowPrivate) {
    const problem = literalHostProblem(parsed);
    if (problem) return { ok: false, reason: problem };
  }
  const base: LookupFn = opts.lookup ?? ((h, o, cb) => dns.lookup(h, o, cb));
  const lookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    base(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = Array.isArray(addresses) ? addresses : [];
      if (list.length === 0)
        return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }));
      const bad = opts.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (bad)
        return callback(
          new CallbackUrlRefused(`${hostname} resolved to ${bad.address}, a private, loopback or link-local address`),
        );
      if (options.all) return callback(null, list);
      const first = list.find((a) => !options.family || a.family === options.family) ?? list[0]!;
      return callback(null, first.address, first.family);
    });
  }) as net.LookupFunction;
  return { ok: true, lookup };
};

/** Resolves and checks a delivery URL's host without connecting (for tests and diagnostics). */
export const checkDeliveryUrl = (
  url: string,
  opts: { allowPrivate: boolean; lookup?: LookupFn },
): Promise<{ ok: true; addresses: string[] } | { ok: false; reason: string }> => {
  const target = deliveryTarget(url, opts);
  if (!target.ok) return Promise.resolve(target);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return Promise.resolve({ ok: true, addresses: [host] });
  return new Promise((resolve) => {
    target.lookup(host, { all: true }, (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[] | string) => {
      if (err) resolve({ ok: false, reason: err.message });
      else resolve({ ok: true, addresses: Array.isArray(addresses) ? addresses.map((a) => a.address) : [addresses] });
    });
  });
};
