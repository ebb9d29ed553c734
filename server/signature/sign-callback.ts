import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TYPE = 'v0-hmac-sha256';

/**
 * The string signed for a callback: timestamp, account id, HTTP method, hostname
 * (no port), pathname and the whole query sorted by key, joined by "\n".
 * The body is not signed.
 */
export const signaturePayload = (timestamp: number, accountId: string, method: string, url: string): string => {
  const u = new URL(url);
  const params = new URLSearchParams(u.search);
  params.sort();
  return [String(timestamp), accountId, method.toUpperCase(), u.hostname, u.pathname, params.toString()].join('\n');
};

export const signCallback = (
  secret: string,
  timestamp: number,
  accountId: string,
  method: string,
  url: string,
): string =>
  createHmac('sha256', secret)
    .update(signaturePayload(timestamp, accountId, method, url), 'utf8')
    .digest('hex');

/** Header value `t=<unix seconds>,v0-hmac-sha256=<hex>` (no spaces). */
export const signatureHeader = (
  secret: string,
  timestamp: number,
  accountId: string,
  method: string,
  url: string,
): string => `t=${timestamp},${SIGNATURE_TYPE}=${signCallback(secret, timestamp, accountId, method, url)}`;

/** What a merchant does to verify a callback; used by our own tests and documentation. */
export const verifySignatureHeader = (
  header: string,
  secret: string,
  accountId: string,
  method: string,
  url: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean => {
  const parts = Object.fromEntries(
    header
      .split(',')
      .map(
        (kv) =>
          kv.split('=', 2) as [string, string] /* a part without '=' gets an undefined value, found missing below */,
      ),
  );
  const t = Number(parts.t);
  const sig = parts[SIGNATURE_TYPE];
  if (!Number.isInteger(t) || !sig || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signCallback(secret, t, accountId, method, url), 'hex');
  const given = Buffer.from(sig, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
