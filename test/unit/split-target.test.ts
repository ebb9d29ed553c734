import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../server/http/node-adapter';

/** What the adapter did for every request before the fast path: WHATWG URL parsing. */
const viaUrl = (target: string) => {
  try {
    const url = new URL(target, 'http://internal');
    return { path: url.pathname, query: [...url.searchParams] };
  } catch (e) {
    return { threw: (e as { code?: string }).code };
  }
};
const viaSplit = (target: string) => {
  try {
    const { path, query } = splitTarget(target);
    return { path, query: [...query] };
  } catch (e) {
    return { threw: (e as { code?: string }).code };
  }
};

const pieces = [
  '/',
  '/',
  'v1',
  'sessions',
  'T1.a',
  '.',
  '..',
  '%2e',
  '%2E',
  '%',
  '%ZZ',
  '%41',
  '?',
  '&',
  '=',
  '#',
  '\\',
  ' ',
  '"',
  '<',
  '{',
  '|',
  '^',
  '`',
  "'",
  '+',
  ';',
  '@',
  ':',
  '~',
  'é',
  '\u00ff',
  'a',
  '0',
];
const target = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => `/${p.join('')}`);

describe('request target split (node adapter)', () => {
  it('gives the same path and query as new URL for any target', () => {
    fc.assert(
      fc.property(target, (t) => {
        expect(viaSplit(t)).toEqual(viaUrl(t));
      }),
      { numRuns: 5000, seed: 7 },
    );
  });

  it('normalizes dot segments, escapes and protocol-relative targets as URL does', () => {
    for (const t of [
      '/v1/../v1/sessions',
      '/v1/./sessions',
      '/v1/%2e%2e/x',
      '//evil/v1/sessions',
      '/v1/sessions/a b',
      '/v1/sessions?x=1#frag',
      '/v1\\sessions',
      '/v1/sessions?limit=10&q=a+b',
    ]) {
      expect(viaSplit(t), t).toEqual(viaUrl(t));
    }
  });
});
