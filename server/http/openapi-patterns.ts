import { z } from 'zod';
import type { RouteDef } from './route';

/**
 * zod-to-openapi writes only the FIRST `.regex()` of a string as its `pattern`; the others (SafeString's well-formed
 * UTF-16, a profile id's "no spaces at the ends", an addressable id's "not . or ..") would be missing from the
 * document although the server checks them. Before the document is built, each string schema the routes use that has
 * more than one gets the rest as `allOf: [{ pattern }]` in its metadata, which the generator writes beside `pattern`.
 */
type Node = { _zod?: { def?: Record<string, unknown> } };

const regexesOf = (def: Record<string, unknown>): RegExp[] =>
  ((def.checks as Node[] | undefined) ?? [])
    .map((c) => c._zod?.def as { check?: string; format?: string; pattern?: RegExp } | undefined)
    .filter((d) => d?.check === 'string_format' && d.format === 'regex' && d.pattern instanceof RegExp)
    .map((d) => d!.pattern!);

const isSchema = (v: unknown): v is Node => typeof v === 'object' && v !== null && '_zod' in v;

const visit = (node: unknown, seen: Set<unknown>, onString: (schema: z.ZodType, regexes: RegExp[]) => void): void => {
  if (!isSchema(node) || seen.has(node)) return;
  seen.add(node);
  const def = node._zod?.def;
  if (!def) return;
  if (def.type === 'string') onString(node as unknown as z.ZodType, regexesOf(def));
  if (def.type === 'lazy' && typeof def.getter === 'function') visit((def.getter as () => unknown)(), seen, onString);
  for (const value of Object.values(def)) {
    if (isSchema(value)) visit(value, seen, onString);
    else if (Array.isArray(value)) value.forEach((v) => visit(v, seen, onString));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => visit(v, seen, onString));
  }
};

/** Every string schema the routes take or answer with, and its `.regex()` checks in order. */
export const forEachRouteString = (
  routes: readonly RouteDef[],
  onString: (schema: z.ZodType, regexes: RegExp[]) => void,
): void => {
  const seen = new Set<unknown>();
  for (const r of routes) {
    for (const part of [r.params, r.query, r.headers, r.body]) visit(part, seen, onString);
    for (const spec of Object.values(r.responses)) visit(spec.schema, seen, onString);
  }
};

export const documentEveryPattern = (routes: readonly RouteDef[]): void =>
  forEachRouteString(routes, (schema, regexes) => {
    const rest = regexes.slice(1);
    if (!rest.length) return;
    const meta = z.globalRegistry.get(schema) ?? {};
    z.globalRegistry.remove(schema);
    z.globalRegistry.add(schema, { ...meta, allOf: rest.map((re) => ({ pattern: re.source })) });
  });

const NOT_A_DOT_SEGMENT = '^(?!\\.\\.?$)';
type ParamSchema = { type?: unknown; pattern?: string; allOf?: { pattern?: string }[]; $ref?: string };

/** Whether the schema's own patterns already refuse `.` and `..`. */
const refusesDotSegments = (s: ParamSchema): boolean => {
  const patterns = [s.pattern, ...(s.allOf ?? []).map((m) => m.pattern)].filter((p): p is string => !!p);
  return ['.', '..'].every((v) => patterns.some((p) => !new RegExp(p, 'u').test(v)));
};

/**
 * A path parameter cannot be `.` or `..`: every client and proxy resolves such a segment away (RFC 3986 §5.2.4), so
 * that value never reaches the operation. Each string path parameter whose schema does not already say so gets the
 * pattern that does.
 */
export const withAddressablePathParams = (paths: unknown): void => {
  for (const item of Object.values((paths ?? {}) as Record<string, Record<string, { parameters?: unknown[] }>>))
    for (const op of Object.values(item))
      for (const p of (op.parameters ?? []) as { in?: string; schema?: ParamSchema }[]) {
        const s = p.schema;
        if (p.in !== 'path' || !s) continue;
        if (s.$ref) p.schema = { allOf: [{ $ref: s.$ref }, { pattern: NOT_A_DOT_SEGMENT }] } as ParamSchema;
        else if (s.type === 'string' && !refusesDotSegments(s))
          s.allOf = [...(s.allOf ?? []), { pattern: NOT_A_DOT_SEGMENT }];
      }
};
