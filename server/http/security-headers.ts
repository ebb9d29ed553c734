import type { EmbedOrigins } from '../../domain/embed-origins';
import { originOf } from '../../domain/embed-origins';
import type { RouteResult } from './route';

/**
 * The security headers of every response Kassa writes (ADR 021): the /v1 set in one place
 * (`apiSecurityHeaders`, merged by the dispatcher and the node adapter's own 413), the pages'
 * Content-Security-Policy builder and their header set, and the answer to CORS preflights.
 */

/** HSTS, sent only when the public origin (ADR 007) is https. */
export const HSTS = 'max-age=31536000';

/** Whether this public origin (`publicOriginFor`) is served over https. */
export const isHttps = (publicOrigin: string): boolean => publicOrigin.startsWith('https:');

const API_HTTP: Readonly<Record<string, string>> = Object.freeze({
  // view and pay responses carry order data: never stored by a browser or a shared cache
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // JSON loads nothing. No frame-ancestors: `GET /v1/view/{id}` (a 302 to the checkout) may be an iframe's src.
  'content-security-policy': "default-src 'none'",
});
const API_HTTPS: Readonly<Record<string, string>> = Object.freeze({ ...API_HTTP, 'strict-transport-security': HSTS });

/** Every /v1 response's security headers (the same two frozen objects, nothing built per request). */
export const apiSecurityHeaders = (publicOrigin: string): Readonly<Record<string, string>> =>
  isHttps(publicOrigin) ? API_HTTPS : API_HTTP;

/**
 * `OPTIONS` on a /v1 path: 204 with `Allow` and no `Access-Control-Allow-*`. The merchant API is
 * server-to-server and the checkout calls /v1/view from its own origin, so a browser on another
 * origin is refused every non-simple cross-origin call (ADR 021). `Allow` (also on a 405) lists
 * the path's methods, HEAD wherever GET is, and OPTIONS.
 */
export const preflightResult = (methods: readonly string[]): RouteResult => ({
  status: 204,
  headers: {
    allow: [...new Set(methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).concat('OPTIONS'))].join(', '),
  },
});

export interface CspInput {
  /** A per-response nonce (Next's pages read it from the request's CSP header). */
  nonce?: string;
  /** `sha256-…` of fixed inline scripts (the checkout page's guard and loader). */
  scriptHashes?: readonly string[];
  /** Who may frame the page. */
  frameAncestors: EmbedOrigins;
  /** Origins (besides Kassa's) the page's forms post to or are redirected to: the return_url's. */
  formTargets?: readonly (string | undefined)[];
  /** Kassa's public origin. */
  self: string;
  /** Next in development mode evaluates code (React's debugging): `'unsafe-eval'` there only. */
  dev?: boolean;
}

/** CSP `frame-ancestors` sources for these origins: `*`, or `'self'` and the others. */
export const frameAncestorSources = (allowed: EmbedOrigins, self: string): string =>
  allowed === '*' ? '*' : ["'self'", ...allowed.filter((o) => o !== originOf(self))].join(' ');

/**
 * A page's Content-Security-Policy: scripts only from Kassa's origin and the inline scripts it
 * vouches for (nonce or hashes; never 'unsafe-inline'), no plugins, no `<base>` elsewhere, forms
 * to Kassa and the merchant's return origin (browsers check a form's redirects too), framing as
 * the session allows.
 */
export const contentSecurityPolicy = ({
  nonce,
  scriptHashes = [],
  frameAncestors,
  formTargets = [],
  self,
  dev = false,
}: CspInput): string => {
  const scripts = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...scriptHashes.map((h) => `'${h}'`),
    ...(dev ? ["'unsafe-eval'"] : []),
  ];
  const forms = [
    "'self'",
    ...new Set(formTargets.map(originOf).filter((o): o is string => o !== undefined && o !== originOf(self))),
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React and the merchant's theme set style attributes; styles cannot run code
    "style-src 'self' 'unsafe-inline'",
    // the merchant's logo_url may be on any host
    "img-src 'self' data: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${forms.join(' ')}`,
    `frame-ancestors ${frameAncestorSources(frameAncestors, self)}`,
  ].join('; ');
};

/** The headers of an HTML page: its CSP, nosniff, the referrer policy and HSTS on https. */
export const pageSecurityHeaders = (
  publicOrigin: string,
  csp: string,
  referrerPolicy: 'no-referrer' | 'strict-origin-when-cross-origin',
): Record<string, string> => ({
  'content-security-policy': csp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': referrerPolicy,
  ...(isHttps(publicOrigin) ? { 'strict-transport-security': HSTS } : {}),
});

/** Headers for other responses (static assets; the floor of every page answer): nosniff, the default referrer policy, HSTS on https. */
export const baseSecurityHeaders = (publicOrigin: string): Record<string, string> => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  ...(isHttps(publicOrigin) ? { 'strict-transport-security': HSTS } : {}),
});
