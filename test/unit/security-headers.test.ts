import { describe, expect, it } from 'vitest';
import {
  allowedEmbedOrigins,
  embedderOrigin,
  embedOriginProblem,
  embedTargetOrigin,
  originOf,
} from '../../domain/embed-origins';
import { choiceCookieOptions } from '../../server/pages/payment-choice';
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  frameAncestorSources,
  preflightResult,
} from '../../server/http/security-headers';

const SELF = 'http://localhost:3000';
const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('allows scripts from Kassa and the vouched-for inline scripts only, never unsafe-inline', () => {
    const csp = directives(
      contentSecurityPolicy({
        nonce: 'abc123',
        scriptHashes: ['sha256-AAAA', 'sha256-BBBB'],
        frameAncestors: [SELF],
        self: SELF,
      }),
    );
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc123'", "'sha256-AAAA'", "'sha256-BBBB'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it("adds 'unsafe-eval' only in development", () => {
    expect(directives(contentSecurityPolicy({ frameAncestors: [SELF], self: SELF, dev: true }))['script-src']).toEqual([
      "'self'",
      "'unsafe-eval'",
    ]);
  });

  it("lets forms reach the merchant's return origin (browsers check a form's redirect), deduplicated, never a path", () => {
    const csp = directives(
      contentSecurityPolicy({
        frameAncestors: '*',
        self: SELF,
        formTargets: [
          'https://shop.example/return?x=1',
          'https://shop.example/other',
          undefined,
          `${SELF}/x`,
          'javascript:alert(1)',
        ],
      }),
    );
    expect(csp['form-action']).toEqual(["'self'", 'https://shop.example']);
  });

  it('frames: * for any site, else self and the listed origins', () => {
    expect(frameAncestorSources('*', SELF)).toBe('*');
    expect(frameAncestorSources([SELF, 'https://shop.example'], SELF)).toBe("'self' https://shop.example");
    expect(directives(contentSecurityPolicy({ frameAncestors: [SELF], self: SELF }))['frame-ancestors']).toEqual([
      "'self'",
    ]);
  });
});

describe('allowedEmbedOrigins', () => {
  it('a test account with no configured origins may be framed anywhere', () => {
    expect(
      allowedEmbedOrigins({
        accountId: 'T10000001',
        configured: undefined,
        returnUrl: 'https://shop.example/r',
        self: SELF,
      }),
    ).toBe('*');
    expect(
      allowedEmbedOrigins({ accountId: 'T10000001', configured: [], returnUrl: 'https://shop.example/r', self: SELF }),
    ).toBe('*');
  });

  it("a production account with none: Kassa and the return_url's origin", () => {
    expect(
      allowedEmbedOrigins({
        accountId: 'P10000001',
        configured: undefined,
        returnUrl: 'https://shop.example/r?a=1',
        self: SELF,
      }),
    ).toEqual([SELF, 'https://shop.example']);
  });

  it('configured origins replace the default on both kinds of account; anything not an origin is dropped', () => {
    for (const accountId of ['T10000001', 'P10000001']) {
      expect(
        allowedEmbedOrigins({
          accountId,
          configured: ['https://a.example', 'https://b.example:8443', "'none'; script-src *"],
          returnUrl: 'https://shop.example/r',
          self: SELF,
        }),
      ).toEqual([SELF, 'https://a.example', 'https://b.example:8443']);
    }
  });

  it('a configured list of which nothing is an origin (stored before the rule was strict) never means any site on a test account', () => {
    const stale = ['https://shop.example.', 'http://a:65536', 'http://a:99999', 'https://-shop.example', 'http://...'];
    for (const accountId of ['T10000001', 'P10000001']) {
      expect(
        allowedEmbedOrigins({ accountId, configured: stale, returnUrl: 'https://shop.example/r', self: SELF }),
      ).toEqual([SELF, 'https://shop.example']);
      expect(allowedEmbedOrigins({ accountId, configured: stale, returnUrl: undefined, self: SELF })).toEqual([SELF]);
    }
  });

  it('a stored value that is not a list counts as none', () => {
    expect(
      allowedEmbedOrigins({
        accountId: 'P10000001',
        configured: 'https://a.example' as never,
        returnUrl: undefined,
        self: SELF,
      }),
    ).toEqual([SELF]);
  });
});

describe('where the page posts its SDK messages', () => {
  const allowed = [SELF, 'https://shop.example', 'https://other.example'];

  it('the server guesses from the Referer, then sdk_hostname, then the single non-Kassa origin', () => {
    expect(embedderOrigin(allowed, SELF, { referer: 'https://other.example/cart?x' })).toBe('https://other.example');
    expect(embedderOrigin(allowed, SELF, { referer: 'https://evil.example/' })).toBeUndefined();
    expect(embedderOrigin(allowed, SELF, { sdkHostname: 'shop.example' })).toBe('https://shop.example');
    expect(embedderOrigin([SELF, 'https://shop.example'], SELF, {})).toBe('https://shop.example');
    expect(embedderOrigin('*', SELF, { referer: 'https://any.example/x' })).toBe('https://any.example');
    expect(embedderOrigin('*', SELF, {})).toBeUndefined();
  });

  it('the page takes the first allowed candidate, else the server guess; never an origin the session does not allow', () => {
    expect(embedTargetOrigin({ allowed, origin: 'https://shop.example' }, ['https://other.example'])).toBe(
      'https://other.example',
    );
    expect(embedTargetOrigin({ allowed, origin: 'https://shop.example' }, ['https://evil.example', undefined])).toBe(
      'https://shop.example',
    );
    expect(embedTargetOrigin({ allowed }, ['https://evil.example'])).toBeUndefined();
    expect(embedTargetOrigin({ allowed, origin: 'https://evil.example' }, [])).toBeUndefined();
    expect(embedTargetOrigin({ allowed: '*' }, ['null', 'https://any.example'])).toBe('https://any.example');
    expect(embedTargetOrigin({ allowed: '*' }, [])).toBe('*');
  });

  it('embedOriginProblem: an entry passes only when it is exactly the origin originOf keeps', () => {
    for (const exact of [
      'https://shop.example',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:8443',
      'https://xn--bcher-kva.example',
      'https://a-b.c9.example:65535',
    ]) {
      expect(embedOriginProblem(exact), exact).toBeUndefined();
      expect(originOf(exact)).toBe(exact);
    }
    for (const bad of [
      'https://shop.example.',
      'http://a:65536',
      'http://a:99999',
      'https://shop..example',
      'https://-shop.example',
      'https://shop-.example',
      'http://...',
      'javascript:alert(1)',
      '',
    ]) {
      expect(originOf(bad), bad).toBeUndefined();
      expect(embedOriginProblem(bad), bad).toMatch(/valid host name/);
    }
    for (const [entry, origin] of [
      ['https://shop.example/', 'https://shop.example'],
      ['https://Shop.Example/cart?x=1', 'https://shop.example'],
      ['https://shop.example:443', 'https://shop.example'],
      ['http://0x7f.1:8080', 'http://127.0.0.1:8080'],
      ['http://[::FFFF:127.0.0.1]', 'http://[::ffff:7f00:1]'],
    ]) {
      expect(embedOriginProblem(entry!), entry).toContain(`exactly the origin ${origin}`);
    }
  });

  it('originOf accepts only http(s) origins', () => {
    expect(originOf('https://Shop.Example:443/a')).toBe('https://shop.example');
    expect(originOf('data:text/html,x')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('the /v1 header set and preflights', () => {
  it('no-store and nosniff always; HSTS only on an https origin', () => {
    expect(apiSecurityHeaders('http://localhost:3000')).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(apiSecurityHeaders('http://localhost:3000')['strict-transport-security']).toBeUndefined();
    expect(apiSecurityHeaders('https://pay.example')['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it("a preflight (and a 405's Allow) names the path methods, HEAD wherever GET is, and allows no origin", () => {
    const r = preflightResult(['GET', 'PUT', 'GET']);
    expect(r.status).toBe(204);
    expect(r.headers).toEqual({ allow: 'GET, HEAD, PUT, OPTIONS' });
    expect(preflightResult(['POST']).headers).toEqual({ allow: 'POST, OPTIONS' });
  });
});

describe('the payment-type cookie', () => {
  it('SameSite=None; Secure on https and on localhost; Lax without Secure on other plain-http origins; always HttpOnly', () => {
    expect(choiceCookieOptions(new URL('https://pay.example'))).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'none',
    });
    expect(choiceCookieOptions(new URL('http://localhost:3000'))).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'none',
    });
    expect(choiceCookieOptions(new URL('http://pay.internal:3000'))).toMatchObject({
      httpOnly: true,
      secure: false,
      sameSite: 'lax',
    });
  });
});
