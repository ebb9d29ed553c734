import fc from 'fast-check';

/** The body limit of the node adapter (server/http/node-adapter.ts MAX_BODY_BYTES). */
export const BODY_LIMIT = 1_048_576;

/** JSON text put verbatim into a serialized body: `-0`, `1e400`, `9007199254740993` lose their meaning in a JS number. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes RawJson verbatim (no recursion limit issue: generated values are shallow). */
export const toJsonText = (value: unknown): string => {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** Objects with own `__proto__` / `constructor` / `prototype` keys (as JSON.parse makes them). */
const protoObject = (key: '__proto__' | 'constructor' | 'prototype') =>
  new RawJson(`{"${key}":{"polluted":true,"prototype":{"x":1},"toString":1}}`);

const HOSTILE_NUMBERS: unknown[] = [
  2 ** 53,
  2 ** 53 - 1,
  new RawJson('9007199254740993'),
  new RawJson('-0'),
  new RawJson('-0.0'),
  1e308,
  -1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  5e-324,
  -1,
  0,
  0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  new RawJson('123456789012345678901234567890'),
];

const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '0x10',
  'null',
  'undefined',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u0001\u0002\u001f\u007f',
  '\t\n\r',
  '\u2028\u2029',
  '\u202e\u200b\ufeff',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'T10000001',
  'T20000002.aaaaaaaaaaaaaaaaaaaa',
  '😀'.repeat(100),
  'é'.repeat(300),
];

/**
 * Long strings in a field (a body at the 1 MiB limit is in hostileBodyText and the HTTP slice): kept
 * under 64 KiB, as an accepted one is stored and every later snapshot reads it again.
 */
const hugeString = fc
  .oneof({ weight: 4, arbitrary: fc.constantFrom(300, 4_096) }, { weight: 1, arbitrary: fc.constant(65_537) })
  .map((n) => 'A'.repeat(n));

/** A scalar, object or array that does not belong where it is put. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { '': '' }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.constant(new RawJson(`[${new Array(10_000).fill('1').join(',')}]`)) },
  { weight: 1, arbitrary: fc.constant(new RawJson(`[${new Array(10_000).fill('"x"').join(',')}]`)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(protoObject('__proto__'), protoObject('constructor'), protoObject('prototype')),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 30, max: 40 }).map((d) => new RawJson(`${'{"a":'.repeat(d)}1${'}'.repeat(d)}`)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
);

/** Keys a hostile client adds to an object. */
export const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  '\u0000',
  '\ud800',
  'a'.repeat(1000),
  'extra',
);

/** Whole bodies: not JSON, the wrong JSON, or JSON built to hurt the parser or the checks after it. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    `${'['.repeat(10_000)}`,
    `{"a":${'['.repeat(5_000)}`,
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    '{"prototype":null}',
    `[${new Array(10_000).fill('{}').join(',')}]`,
    `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    'null',
    'true',
    '0',
    '-0',
    '1e400',
    '"text"',
    '[]',
    '{}',
    '{',
    '}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":1,"a":2}',
    'NaN',
    'undefined',
    '\u0000',
    ' \n\t ',
    '<xml/>',
    'a=1&b=2',
    `"${'A'.repeat(BODY_LIMIT - 16)}"`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
);

/** A path segment in place of an id: broken percent-encoding, traversal, control characters, sizes. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%F0%9F%98',
    '%C0%AF',
    '%00',
    '%0a',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%20',
    '%ED%A0%80',
    '%FF%FE',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '-1',
    '0',
    '9007199254740993',
    'T10000001',
    'T10000001.',
    'T20000002.11111111111111111111',
    'x'.repeat(4_000),
    '%25ZZ',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%B0%80';
    }
  }),
);

/** A raw query string (after `?`) to break the query parser or the checks after it. */
export const hostileQueryPart: fc.Arbitrary<string> = fc.constantFrom(
  '%',
  'a=%ZZ',
  'limit=%E0%A4%A',
  'limit=1&limit=2&limit=3',
  'limit=-0',
  'limit=1e308',
  'limit=9007199254740993',
  'limit=NaN',
  'limit=',
  'starting_after=%00',
  '__proto__=1',
  '__proto__[x]=1',
  'constructor=1&prototype=2',
  'a[]=1&a[]=2',
  '&&&==&',
  '=',
  'x=%ED%A0%80',
  `q=${'A'.repeat(4_000)}`,
  Array.from({ length: 300 }, (_, i) => `k${i}=${i}`).join('&'),
);

/** An integer query value at or past the edges of int32 and of exact doubles, or written as no integer is. */
export const hostileIntegerText: fc.Arbitrary<string> = fc.constantFrom(
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '-9007199254740993',
  '1e3',
  '0x10',
  ' 1',
  '1.5',
  '-0',
);

/** Values for the headers an operation reads (only characters node:http can send: no CR, LF, NUL, nothing above U+00FF). */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(256),
    'x'.repeat(8_000),
    'Wed, 21 Oct 2015 07:28:00 GMT',
    'Sat, 31 Feb 2099 99:99:99 GMT',
    '0',
    '-1',
    'NaN',
    '"*"',
    '*',
    'W/"1"',
    '"',
    '\u00ff\u00fe',
    '\t',
    'key with spaces',
    '%00',
    '__proto__',
    '1e308',
  ),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c === 0x7f ? 0x7e : c)),
    maxLength: 60,
  }),
);

export const CONTENT_TYPES = {
  json: 'application/json',
  hostile: [
    undefined,
    'text/plain',
    'text/plain; charset=utf-8',
    'multipart/form-data; boundary=----kassa',
    'application/x-www-form-urlencoded',
    'application/json; charset=utf-16',
    'application/problem+json',
    'APPLICATION/JSON',
    'application/jsonx',
    'application/xml',
    '*/*',
    'json',
    '',
    'application/json, text/plain',
  ] as (string | undefined)[],
};
