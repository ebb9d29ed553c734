import fc from 'fast-check';

/**
 * A fast-check arbitrary of values VALID by a JSON Schema (2020-12, as OpenAPI 3.1 embeds it), read from the
 * document alone: type, enum/const, pattern, min/maxLength, format, minimum/maximum (and exclusive), multipleOf,
 * items/prefixItems with min/maxItems and uniqueItems, properties/required/additionalProperties/propertyNames,
 * anyOf/oneOf/allOf, and `$ref` into the document. What the document does not say, the values do not respect:
 * that is the point (issue 27 item 19). `hint(name)` may supply values for a property by name (ids of resources
 * that exist), as a client that read the document would use its own resources.
 */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
export type Hint = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const MAX_DEPTH = 8;
const EXTRA_STRING = 16;

const formatArb = (format: string): fc.Arbitrary<string> | undefined => {
  switch (format) {
    case 'email':
      return fc.constantFrom('kari.nordmann@example.no', 'a@example.com', 'ola+shop@mail.example.org');
    case 'uri':
    case 'url':
      return fc.webUrl({ withQueryParameters: true });
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    default:
      return undefined;
  }
};

const PATTERN_FITTING_FORMATS = new Set(['date', 'date-time', 'uuid']);

const withinLength = (s: string, min: number, max: number) => [...s].length >= min && [...s].length <= max;

const stringArb = (s: JsonSchema): fc.Arbitrary<string> => {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Infinity;
  // Every pattern must match (`pattern` and the `allOf: [{ pattern }]` beside it, merged below). One fast-check can
  // generate from (no lookaround) generates; the others filter.
  const all = [s.pattern, ...((s.alsoPatterns as string[] | undefined) ?? [])].filter(
    (p): p is string => typeof p === 'string',
  );
  const pattern = all.find((p) => !/\(\?<?[=!]/.test(p));
  const also = all.filter((p) => p !== pattern).map((p) => new RegExp(p, 'u'));
  const fitsAll = (v: string) => also.every((re) => re.test(v));
  if (pattern) {
    const re = new RegExp(pattern, 'u');
    // A date, date-time or uuid of the format's generator usually fits the pattern too (a pattern alone would make
    // month 13); a URL rarely fits a pattern, so the pattern decides there.
    const fromFormat = PATTERN_FITTING_FORMATS.has(s.format as string) ? formatArb(s.format as string) : undefined;
    const base = fromFormat ? fromFormat.filter((v) => re.test(v)) : fc.stringMatching(re, { size: 'small' });
    return base.filter((v) => withinLength(v, min, max) && fitsAll(v));
  }
  const fromFormat = s.format ? formatArb(s.format as string) : undefined;
  if (fromFormat) return fromFormat.filter((v) => withinLength(v, min, max) && fitsAll(v));
  return fc.string({ minLength: min, maxLength: Math.min(max, min + EXTRA_STRING), unit: 'grapheme' }).filter(fitsAll);
};

const numberArb = (s: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  let min = (s.minimum as number | undefined) ?? -1_000_000;
  let max = (s.maximum as number | undefined) ?? 1_000_000;
  const step = integer ? 1 : 1e-3;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, s.exclusiveMinimum + step);
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, s.exclusiveMaximum - step);
  const multipleOf = s.multipleOf as number | undefined;
  if (multipleOf)
    return fc
      .integer({ min: Math.ceil(min / multipleOf), max: Math.floor(max / multipleOf) })
      .map((n) => Number((n * multipleOf).toFixed(10)));
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
};

export class SchemaSampler {
  constructor(
    private readonly document: Record<string, unknown>,
    private readonly hint: Hint = () => undefined,
  ) {}

  private resolve(s: JsonSchema): JsonSchema {
    let out = s;
    for (let i = 0; typeof out.$ref === 'string' && i < 20; i++) {
      const path = (out.$ref as string).replace(/^#\//, '').split('/');
      out = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], this.document) as JsonSchema;
    }
    return out;
  }

  arbitrary(schema: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
    if (schema === undefined || schema === true) return fc.jsonValue({ maxDepth: 1 });
    if (schema === false) throw new Error('no value is valid by the schema `false`');
    const s = this.resolve(schema);
    if (depth > MAX_DEPTH) return fc.constant(null);
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const anyOf = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
    if (anyOf) return fc.oneof(...anyOf.map((o) => this.arbitrary({ ...this.rest(s), ...this.resolve(o) }, depth + 1)));
    if (Array.isArray(s.allOf)) {
      const merged = (s.allOf as JsonSchema[]).reduce<JsonSchema>((acc, p) => this.merge(acc, this.resolve(p)), {
        ...this.rest(s),
      });
      return this.arbitrary(merged, depth + 1);
    }
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((t) => this.arbitrary({ ...s, type: t }, depth + 1)));
    switch (types[0]) {
      case 'string':
        return stringArb(s);
      case 'integer':
        return numberArb(s, true);
      case 'number':
        return numberArb(s, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.arrayArb(s, depth);
      case 'object':
        return this.objectArb(s, depth);
      default:
        return s.properties ? this.objectArb(s, depth) : fc.jsonValue({ maxDepth: 1 });
    }
  }

  /** The schema without its combinators (what applies beside them). */
  private rest(s: JsonSchema): JsonSchema {
    const { anyOf: _a, oneOf: _o, allOf: _l, ...rest } = s;
    return rest;
  }

  private merge(a: JsonSchema, b: JsonSchema): JsonSchema {
    // a string's patterns add up (all must match); the first one met generates
    const patterns = [a.pattern, ...((a.alsoPatterns as string[]) ?? []), b.pattern].filter(
      (p): p is string => typeof p === 'string',
    );
    return {
      ...a,
      ...b,
      ...(patterns.length ? { pattern: patterns[0], alsoPatterns: patterns.slice(1) } : {}),
      properties: { ...a.properties, ...b.properties },
      required: [...(a.required ?? []), ...(b.required ?? [])],
    };
  }

  private arrayArb(s: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = (s.minItems as number | undefined) ?? 0;
    const maxLength = Math.min((s.maxItems as number | undefined) ?? Infinity, minLength + 3);
    const prefix = ((s.prefixItems as JsonSchema[] | undefined) ?? []).map((p) => this.arbitrary(p, depth + 1));
    // a tuple exactly (`items: false` after its prefixItems): its items and no more
    if (prefix.length) return fc.tuple(...prefix);
    const item = this.arbitrary(s.items as JsonSchema | undefined, depth + 1);
    if (s.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
    return fc.array(item, { minLength, maxLength });
  }

  private objectArb(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const required = new Set(s.required ?? []);
    const entries = Object.entries(s.properties ?? {}).map(([name, prop]) => {
      const value = this.hint(name, this.resolve(prop)) ?? this.arbitrary(prop, depth + 1);
      const entry = value.map((v) => [name, v] as const);
      return required.has(name) ? entry : fc.option(entry, { nil: undefined, freq: 2 });
    });
    const extra = s.additionalProperties;
    const minProps = (s.minProperties as number | undefined) ?? 0;
    const extras =
      extra && typeof extra === 'object' && Object.keys(extra).length > 0 && !s.properties
        ? fc.dictionary(
            this.arbitrary(
              (s.propertyNames as JsonSchema | undefined) ?? { type: 'string', minLength: 1 },
              depth + 1,
            ).map(String),
            this.arbitrary(extra as JsonSchema, depth + 1),
            { minKeys: minProps, maxKeys: Math.max(minProps, Math.min((s.maxProperties as number) ?? 3, 3)) },
          )
        : fc.constant({});
    return fc
      .tuple(fc.tuple(...entries), extras)
      .map(([kv, more]) => ({ ...more, ...Object.fromEntries(kv.filter((e) => e !== undefined)) }));
  }
}
