import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An independent check of the callback signature, written from the published
 * rule (not from Kassa's code): HMAC-SHA256 over "t, account id, method, hostname
 * (no port), pathname, query sorted by key" joined by "\n"; header
 * `t=<unix seconds>,v0-hmac-sha256=<hex>`.
 */
export const expectedSignature = (
  secret: string,
  t: number,
  accountId: string,
  method: string,
  url: string,
): string => {
  const u = new URL(url);
  const query = new URLSearchParams(u.search);
  query.sort();
  const payload = [String(t), accountId, method.toUpperCase(), u.hostname, u.pathname, query.toString()].join('\n');
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
};

export const parseSignatureHeader = (header: string): { t: number; hmac: string } | undefined => {
  const m = /^t=(\d+),v0-hmac-sha256=([0-9a-f]{64})$/.exec(header);
  return m ? { t: Number(m[1]), hmac: m[2]! } : undefined;
};

export const signatureMatches = (
  header: string,
  secret: string,
  accountId: string,
  method: string,
  url: string,
): boolean => {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const expected = Buffer.from(expectedSignature(secret, parsed.t, accountId, method, url), 'hex');
  const given = Buffer.from(parsed.hmac, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
