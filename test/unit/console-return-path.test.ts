import { describe, expect, it } from 'vitest';
import { consoleReturnPath, signInUrlFor } from '../../server/pages/console-session';

/** The sign-in page follows `next` only to a console path of this site (ADR 033): never an open redirect. */
describe('the console sign-in return path', () => {
  it('keeps a console path and its query, without Next’s _rsc', () => {
    expect(consoleReturnPath('/console')).toBe('/console');
    expect(consoleReturnPath('/console/users')).toBe('/console/users');
    expect(consoleReturnPath('/console/payments?status=PAID&_rsc=1x2y')).toBe('/console/payments?status=PAID');
    expect(signInUrlFor('/console/users?_rsc=abc')).toBe('/console/sign-in?next=%2Fconsole%2Fusers');
  });

  it('is /console for anything else: another site, another path, or one that leaves /console once normalised', () => {
    for (const next of [
      undefined,
      null,
      '',
      'https://evil.example/console',
      '//evil.example/console',
      '/\\evil.example',
      '/console\\..\\demo',
      '/consoled',
      '/demo/orders',
      '/console/../demo',
      '/console/%2e%2e/demo',
      '/console//evil.example',
      '/console/ x',
    ])
      expect(consoleReturnPath(next), String(next)).toBe('/console');
    expect(signInUrlFor(null)).toBe('/console/sign-in?next=%2Fconsole');
  });
});
