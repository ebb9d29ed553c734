import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { baseSecurityHeaders, contentSecurityPolicy, pageSecurityHeaders } from '../http/security-headers';
import { loadEmbedPolicy, type EmbedPolicy } from './load-embed-policy';

export type { PublicOrigin } from '../http/public-origin';
/** Headers of the checkout's static assets and plain 404s. */
export { baseSecurityHeaders as assetSecurityHeaders } from '../http/security-headers';

/** The checkout page's headers (app/_checkout): its inline scripts by hash, framed as its session allows; no Referer (the sid is in the URL). */
export const checkoutPageHeaders = (
  self: string,
  scriptHashes: readonly string[],
  policy: EmbedPolicy,
): Record<string, string> =>
  pageSecurityHeaders(
    self,
    contentSecurityPolicy({ scriptHashes, frameAncestors: policy.allowed, formTargets: [policy.returnUrl], self }),
    'no-referrer',
  );

/** Pages that show a session's state inside the SDK's iframe: framed as that session allows. */
const SANDBOX_PAGE = /^\/sandbox\/(?:3ds|wallet)\/([^/]+)\/?$/;
const EMBED_RESULT = /^\/embedResult\/?$/;

const policyFor = async (url: URL, self: string): Promise<EmbedPolicy> => {
  const sandbox = SANDBOX_PAGE.exec(url.pathname);
  if (sandbox) return loadEmbedPolicy(self, { transactionId: decodeURIComponentSafe(sandbox[1]!) });
  if (EMBED_RESULT.test(url.pathname)) return loadEmbedPolicy(self, { sid: url.searchParams.get('sid') ?? undefined });
  // the landing page, the demo store, Next's error pages: framed by Kassa's own pages only
  return { allowed: [self] };
};

const decodeURIComponentSafe = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The security headers of a page Next renders (ADR 021), set on the response before Next writes
 * it: a Content-Security-Policy with a fresh nonce, which Next reads from the request's
 * `content-security-policy` header and puts on every script it renders (the pages are dynamic:
 * the root layout reads the request's headers). Next's own assets get nosniff (and HSTS).
 */
export const setPageSecurityHeaders = async (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  self: string,
  dev: boolean,
): Promise<void> => {
  const url = new URL(req.url ?? '/', 'http://page.invalid');
  if (url.pathname.startsWith('/_next/')) {
    for (const [name, value] of Object.entries(baseSecurityHeaders(self))) res.setHeader(name, value);
    return;
  }
  const nonce = randomBytes(18).toString('base64');
  const policy = await policyFor(url, self);
  const csp = contentSecurityPolicy({
    nonce,
    frameAncestors: policy.allowed,
    formTargets: [policy.returnUrl],
    self,
    dev,
  });
  // Whatever a client sent under this name is replaced: Next takes the nonce from here.
  req.headers['content-security-policy'] = csp;
  delete req.headers['content-security-policy-report-only'];
  const showsSession = SANDBOX_PAGE.test(url.pathname) || EMBED_RESULT.test(url.pathname);
  for (const [name, value] of Object.entries(
    pageSecurityHeaders(self, csp, showsSession ? 'no-referrer' : 'strict-origin-when-cross-origin'),
  ))
    res.setHeader(name, value);
};
