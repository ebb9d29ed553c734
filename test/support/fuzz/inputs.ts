import fc from 'fast-check';
import { z } from 'zod';
import type { RouteDef } from '../../../server/http/route';
import {
  BODY_LIMIT,
  CONTENT_TYPES,
  hostileIntegerText,
  hostileBodyText,
  hostileHeaderValue,
  hostileKey,
  hostileQueryPart,
  hostileSegment,
  hostileValue,
  RawJson,
  toJsonText,
} from './hostile';
import { arbitraryFor, type Hint } from './zod-arbitrary';

/** One request of the fuzz, as sent (raw target, raw headers, raw body). */
export interface FuzzRequest {
  method: string;
  /** Path and query exactly as on the request line. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** Raw body bytes (HTTP only: bytes that are not UTF-8). */
  bytes?: Buffer;
  /** Send the body with chunked framing (HTTP only). */
  chunked?: boolean;
  /** Which part was made hostile, for the failure message. */
  what: string;
}

/** What the fuzz knows about the server it attacks: credentials and the ids of resources that exist. */
export interface FuzzWorld {
  /** Bearer token of a client with every scope. */
  token: string;
  /** `Authorization: Basic ...` of that client (the token endpoint's near-valid input). */
  basic: string;
  /** Known-good values by field or parameter name (ids of existing resources, a currency...). */
  values: Record<string, readonly unknown[]>;
  /** Known-valid bodies by operationId (business rules a schema walk cannot see, e.g. amounts that add up). */
  seeds: Record<string, () => unknown>;
}

type Part = 'none' | 'path' | 'query' | 'headers' | 'content-type' | 'body-field' | 'body-raw';

const hintFrom =
  (world: FuzzWorld): Hint =>
  (key) => {
    const v = world.values[key];
    return v && v.length ? fc.constantFrom(...v) : undefined;
  };

const shapeOf = (schema: unknown): Record<string, unknown> =>
  ((schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })?._zod?.def?.shape ?? {}) as Record<
    string,
    unknown
  >;

const paramNames = (route: RouteDef): string[] => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const asText = (v: unknown): string =>
  v instanceof RawJson ? v.text : typeof v === 'string' ? v : (toJsonText(v) ?? '');

/** Every path (list of keys) inside a JSON-like value, the value itself included, up to depth 8. */
const pathsIn = (
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] => {
  out.push(prefix);
  if (prefix.length >= 8 || value === null || typeof value !== 'object') return out;
  for (const [k, v] of Array.isArray(value) ? value.map((x, i) => [i, x] as const) : Object.entries(value))
    pathsIn(v, [...prefix, k], out);
  return out;
};

type Mutation = 'replace' | 'delete' | 'add';

/** `value` with one place changed: replaced by `hostile`, deleted, or given a hostile extra key. */
const mutateOne = (
  value: unknown,
  pick: number,
  op: Mutation,
  hostile: unknown,
  key: string,
): { value: unknown; where: string } => {
  const copy: unknown = value === undefined ? {} : structuredClone(value);
  const paths = pathsIn(copy);
  const path = paths[pick % paths.length]!;
  const where = path.length ? path.join('.') : '(body)';
  if (path.length === 0) {
    if (op === 'add' && copy && typeof copy === 'object' && !Array.isArray(copy)) {
      Object.defineProperty(copy, key, { value: hostile, enumerable: true, configurable: true, writable: true });
      return { value: copy, where: `(body).${key}` };
    }
    return { value: hostile, where };
  }
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (op === 'delete' && !Array.isArray(parent)) delete parent[last];
  else if (op === 'add' && parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) {
    Object.defineProperty(parent[last], key, { value: hostile, enumerable: true, configurable: true, writable: true });
    return { value: copy, where: `${where}.${key}` };
  } else parent[last] = hostile;
  return { value: copy, where: `${where} (${op})` };
};

/** The query parameters an operation reads as integers (list limits, amount filters): their edges are fuzzed on purpose. */
const integerQueryKeys = (route: RouteDef): string[] => {
  if (!route.query) return [];
  const doc = z.toJSONSchema(route.query as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return Object.entries(doc.properties ?? {})
    .filter(([, p]) => p.type === 'integer' || p.type === 'number')
    .map(([k]) => k);
};

const queryText = (obj: unknown): string => {
  const q = new URLSearchParams();
  if (obj && typeof obj === 'object')
    for (const [k, v] of Object.entries(obj)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) q.append(k, asText(item));
    }
  return q.toString();
};

const headerText = (v: unknown): string =>
  asText(v)
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')
    .slice(0, 8_000);

/**
 * Requests for one operation: near-valid (real ids, schema-derived values, known-valid seeds) with
 * one part made hostile, or entirely near-valid to reach the use case and succeed.
 */
export const requestsFor = (route: RouteDef, world: FuzzWorld): fc.Arbitrary<FuzzRequest> => {
  const hint = hintFrom(world);
  const names = paramNames(route);
  const paramShape = shapeOf(route.params);
  const integerKeys = integerQueryKeys(route);
  const validParam = (n: string) => hint(n) ?? arbitraryFor(paramShape[n], hint).map((v) => asText(v ?? 'x'));
  const params = fc.tuple(...names.map((n) => validParam(n).map((v) => encodeURIComponent(String(v)))));
  const query = route.query ? arbitraryFor(route.query, hint).map(queryText) : fc.constant('');
  const ownHeaders = route.headers
    ? arbitraryFor(route.headers, hint).map((h) => (h && typeof h === 'object' ? h : {}))
    : fc.constant({});
  const seed = world.seeds[route.operationId];
  const schemaBody = route.body ? arbitraryFor(route.body, hint) : fc.constant(undefined);
  const body = seed
    ? fc.oneof(
        fc.constant(null).map(() => seed()),
        schemaBody,
      )
    : schemaBody;

  const parts: { weight: number; arbitrary: fc.Arbitrary<Part> }[] = [
    { weight: 8, arbitrary: fc.constant('none') },
    { weight: names.length ? 12 : 0, arbitrary: fc.constant('path') },
    { weight: route.query ? 10 : 3, arbitrary: fc.constant('query') },
    { weight: 12, arbitrary: fc.constant('headers') },
    { weight: route.body ? 10 : 2, arbitrary: fc.constant('content-type') },
    { weight: route.body ? 34 : 0, arbitrary: fc.constant('body-field') },
    { weight: route.body ? 12 : 3, arbitrary: fc.constant('body-raw') },
  ];
  const headerKeys = [
    'authorization',
    'idempotency-key',
    'if-unmodified-since',
    'if-match',
    'x-request-id',
    'cookie',
    ...(route.auth === 'bearer-or-api-key' ? ['x-api-key'] : []),
    ...Object.keys(shapeOf(route.headers)),
  ];

  return fc
    .record({
      part: fc.oneof(...parts.filter((p) => p.weight > 0)),
      params,
      query,
      ownHeaders,
      body,
      pick: fc.nat(),
      mutation: fc.constantFrom<Mutation>('replace', 'replace', 'delete', 'add'),
      hostile: hostileValue,
      key: hostileKey,
      segment: hostileSegment,
      queryPart: hostileQueryPart,
      integerText: hostileIntegerText,
      headerKey: fc.constantFrom(...headerKeys),
      headerValue: hostileHeaderValue,
      contentType: fc.constantFrom(...CONTENT_TYPES.hostile),
      rawBody: hostileBodyText,
      asForm: fc.boolean(),
      // A quarter carry a fresh Idempotency-Key (its claim and stored answer are written, then compared).
      idempotencyKey: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.uuid() }),
    })
    .map((r): FuzzRequest => {
      let what: string = r.part;
      const segments = [...r.params];
      if (r.part === 'path' && segments.length) {
        const i = r.pick % segments.length;
        segments[i] = r.segment;
        what = `path {${names[i]}}`;
      }
      let i = 0;
      const path = route.path.replace(/\{(\w+)\}/g, () => segments[i++]!);
      let q = r.query;
      if (r.part === 'query') {
        const keys = Object.keys(shapeOf(route.query));
        // an integer parameter at and past the edges of the column it is compared with (int32, 2^53): issue 37 item 14
        if (integerKeys.length && r.pick % 4 === 3) {
          const key = integerKeys[Math.floor(r.pick / 4) % integerKeys.length]!;
          // alone (or beside the generated query), so the filter reaches the database rather than a refusal of another one
          const params = new URLSearchParams(r.pick % 8 === 3 ? '' : q);
          params.set(key, r.integerText);
          q = params.toString();
          what = `query ${key} (integer edge)`;
        } else if (keys.length && r.pick % 3 === 0) {
          const params = new URLSearchParams(q);
          params.set(keys[r.pick % keys.length]!, asText(r.hostile));
          q = params.toString();
          what = `query ${keys[r.pick % keys.length]}`;
        } else if (keys.length && r.pick % 3 === 1) {
          q = `${q}&${keys[r.pick % keys.length]}=1&${keys[r.pick % keys.length]}=x`;
          what = `query duplicate ${keys[r.pick % keys.length]}`;
        } else q = q ? `${q}&${r.queryPart}` : r.queryPart;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.ownHeaders)) if (v !== undefined) headers[k.toLowerCase()] = headerText(v);
      if (route.auth !== 'none') headers.authorization = `Bearer ${world.token}`;
      else if (route.operationId === 'aid_auth_token_post') headers.authorization = world.basic;
      if (route.idempotent && r.idempotencyKey) headers['idempotency-key'] = `fuzz-${r.idempotencyKey}`;

      let bodyText: string | undefined;
      if (route.body || r.part === 'body-raw') {
        if (r.part === 'body-raw') {
          bodyText = r.rawBody;
          what = 'raw body';
        } else if (r.part === 'body-field') {
          const m = mutateOne(r.body, r.pick, r.mutation, r.hostile, r.key);
          bodyText = toJsonText(m.value);
          what = `body ${m.where}`;
        } else if (r.body !== undefined) bodyText = toJsonText(r.body);
        if (route.bodyOptional && r.body === undefined && r.part !== 'body-raw' && r.part !== 'body-field')
          bodyText = undefined;
        if (bodyText !== undefined) headers['content-type'] = CONTENT_TYPES.json;
      }
      if (r.part === 'content-type') {
        if (r.contentType === undefined) delete headers['content-type'];
        else headers['content-type'] = r.contentType;
        if (r.contentType === 'application/x-www-form-urlencoded' && r.asForm) bodyText = queryText(r.body);
        else if (bodyText === undefined) bodyText = toJsonText(r.body ?? {});
        what = `content-type ${r.contentType ?? '(none)'}`;
      } else if (
        route.acceptsForm &&
        r.asForm &&
        r.part !== 'body-raw' &&
        r.part !== 'body-field' &&
        r.body &&
        typeof r.body === 'object'
      ) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        bodyText = queryText(r.body);
      }
      if (r.part === 'headers') {
        const key = r.headerKey;
        headers[key] =
          key === 'authorization' && r.pick % 2 === 0
            ? `Bearer ${r.headerValue}`
            : key === 'cookie'
              ? `kassa_checkout=${r.headerValue}`
              : r.headerValue;
        what = `header ${key}`;
      }
      return { method: route.method, target: q ? `${path}?${q}` : path, headers, body: bodyText, what };
    });
};

/** Requests only HTTP can carry (framing, sizes, bytes): part of every operation's HTTP slice. */
export const httpOnlyRequests = (route: RouteDef, base: FuzzRequest): FuzzRequest[] => {
  const json = { ...base.headers, 'content-type': 'application/json' };
  const list: FuzzRequest[] = [
    { ...base, headers: json, body: `"${'A'.repeat(BODY_LIMIT)}"`, what: 'body 1 MiB + 2 bytes (over the limit)' },
    { ...base, headers: json, body: 'A'.repeat(BODY_LIMIT * 2), what: 'body 2 MiB (over the limit)' },
    { ...base, headers: json, body: `${' '.repeat(BODY_LIMIT - 2)}{}`, what: 'body exactly at the limit' },
    { ...base, headers: json, chunked: true, what: `chunked ${base.what}` },
    { ...base, headers: json, body: 'A'.repeat(BODY_LIMIT + 1), chunked: true, what: 'chunked body over the limit' },
    {
      ...base,
      headers: json,
      bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
      what: 'body not UTF-8',
    },
    {
      ...base,
      headers: { ...json, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      what: 'multipart body',
    },
    { ...base, target: base.target.replace(/\/[^/?]+(?=\?|$)/, '/%E0%A4%A'), what: 'path with a cut UTF-8 sequence' },
    {
      ...base,
      target: `${base.target}${base.target.includes('?') ? '&' : '?'}%=%&a=%ZZ&a=%`,
      what: 'query with broken percent-encoding',
    },
    { ...base, headers: { ...base.headers, 'x-request-id': 'x'.repeat(300) }, what: 'x-request-id 300 characters' },
    {
      ...base,
      target: `${base.target}${base.target.includes('?') ? '&' : '?'}q=${'A'.repeat(20_000)}`,
      what: 'request line over 16 KiB',
    },
  ];
  if (!route.body) return list.filter((r) => r.body === undefined && !r.bytes && !r.chunked);
  return list;
};
