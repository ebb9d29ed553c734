import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A fast-check arbitrary of values that (mostly) satisfy a zod 4 schema, derived by walking
 * `schema._zod.def`. Refinements (`.refine`, business rules) are not followed: the values are
 * "near-valid", enough to get past most of a schema so that one hostile field is what is judged.
 * `hint(key)` may supply values for a field by name (real ids of existing resources, a currency).
 */
export type Hint = (key: string) => fc.Arbitrary<unknown> | undefined;

interface Def {
  type: string;
  [k: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;
const checksOf = (d: Def): CheckDef[] =>
  ((d.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

const MAX_DEPTH = 6;

const fromPattern = (re: RegExp): fc.Arbitrary<string> | undefined => {
  try {
    return fc.stringMatching(re);
  } catch {
    return undefined;
  }
};

const FORMAT_SAMPLES: Record<string, string[]> = {
  email: ['a@example.com', 'kari.nordmann@example.no'],
  url: ['https://merchant.example/return', 'http://shop.example/cb?x=1'],
  uuid: ['6f1c2a9e-4b7d-4c1e-9f3a-2b8d7e6c5a41'],
  datetime: ['2030-01-02T03:04:05Z', '2024-02-29T12:00:00+01:00'],
  date: ['2024-02-29'],
};

const stringArb = (d: Def): fc.Arbitrary<string> => {
  const checks = checksOf(d);
  let min = 0;
  let max = Infinity;
  let base: fc.Arbitrary<string> | undefined;
  const format =
    (d.format as string | undefined) ?? checks.find((c) => c.check === 'string_format' && c.format !== 'regex')?.format;
  if (format && FORMAT_SAMPLES[format]) base = fc.constantFrom(...FORMAT_SAMPLES[format]!);
  else if (d.pattern instanceof RegExp) base = fromPattern(d.pattern);
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = (c as { length?: number }).length ?? min;
    if (!base && c.check === 'string_format' && c.format === 'regex' && c.pattern) base = fromPattern(c.pattern);
  }
  if (base) return base.map((s) => (s.length > max ? s.slice(0, max) : s.padEnd(min, 'x')));
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 24), unit: 'grapheme-ascii' });
};

const numberArb = (d: Def): fc.Arbitrary<number> => {
  let min = -1_000_000;
  let max = 1_000_000;
  let int = false;
  for (const c of checksOf(d)) {
    if (
      c.check === 'number_format' &&
      (c.format === 'safeint' || c.format?.startsWith('int') || c.format?.startsWith('uint'))
    )
      int = true;
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : int ? 1 : 1e-6));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : int ? 1 : 1e-6));
  }
  if (min > max) max = min;
  return int
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
};

const objectArb = (d: Def, hint: Hint, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const shape = (d.shape ?? {}) as Record<string, z.ZodType>;
  const entries = Object.entries(shape).map(([key, s]) => {
    const inner = defOf(s);
    const optional = inner?.type === 'optional' || inner?.type === 'default';
    const value = hint(key) ?? arbitraryFor(s, hint, depth + 1);
    return optional
      ? fc.option(value, { nil: undefined, freq: 2 }).map((v) => [key, v] as const)
      : value.map((v) => [key, v] as const);
  });
  return fc.tuple(...entries).map((kv) => Object.fromEntries(kv.filter(([, v]) => v !== undefined)));
};

/** Values near `schema`'s valid set (see the module comment). */
export const arbitraryFor = (schema: unknown, hint: Hint = () => undefined, depth = 0): fc.Arbitrary<unknown> => {
  const d = defOf(schema);
  if (!d || depth > MAX_DEPTH) return fc.constant(undefined);
  const inner = (key: string) => arbitraryFor(d[key], hint, depth + 1);
  switch (d.type) {
    case 'object':
      return objectArb(d, hint, depth);
    case 'string':
      return stringArb(d);
    case 'number':
      return numberArb(d);
    case 'int':
      return fc.integer({ min: -1000, max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map((o) => arbitraryFor(o, hint, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'array': {
      const checks = checksOf(d);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const maxLength = Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? Infinity, minLength + 3);
      return fc.array(inner('element'), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(d.items as unknown[]).map((i) => arbitraryFor(i, hint, depth + 1)));
    case 'record':
      return fc.dictionary(
        arbitraryFor(d.keyType, hint, depth + 1).map((k) => String(k)),
        inner('valueType'),
        { maxKeys: 3 },
      );
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      // The input side is what a client sends; a pipe out of a transform has no own input shape.
      return defOf(d.in)?.type === 'transform' ? inner('out') : inner('in');
    case 'lazy':
      return arbitraryFor((d.getter as () => unknown)(), hint, depth + 1);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      // transform, never, custom...: nothing a client can aim at.
      return fc.constant(undefined);
  }
};
