import type { RequestMeta } from '../app-context';

/**
 * Who sent the request: the connection's peer, or, behind a proxy Kassa is told to trust
 * (KASSA_TRUST_PROXY, ADR 007), the address that proxy appended last to `X-Forwarded-For`.
 */
export const clientAddress = (meta: RequestMeta, trustProxy: boolean): string => {
  const forwarded = trustProxy ? meta.headers['x-forwarded-for']?.split(',').pop()?.trim() : undefined;
  return forwarded || meta.remoteAddress || 'unknown';
};
