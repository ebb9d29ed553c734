import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocumentFor } from '../../server/http/openapi';
import { forEachRouteString } from '../../server/http/openapi-patterns';
import { ROUTES } from '../../server/http/route-table';

/** Issue 27 item 19: what the server checks of a string, the document states (zod-to-openapi keeps only the first regex). */
const patternsIn = (node: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(node)) node.forEach((n) => patternsIn(n, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string') out.add(v);
      else patternsIn(v, out);
    }
  return out;
};

describe('string patterns in the document', () => {
  const doc = openApiDocumentFor(ROUTES, 'http://kassa.test');
  const documented = patternsIn(doc);

  it('every regex a route checks a string with is a pattern of the document', () => {
    const missing = new Set<string>();
    let strings = 0;
    forEachRouteString(ROUTES, (schema, regexes) => {
      if (regexes.length > 1) strings += 1;
      // a schema whose metadata states its own pattern (a terminal's serial: only the known models') replaces the first
      const own = z.globalRegistry.get(schema)?.pattern;
      for (const re of own ? regexes.slice(1) : regexes) if (!documented.has(re.source)) missing.add(re.source);
    });
    expect(strings).toBeGreaterThan(100); // SafeString and its kin: two rules or more each
    expect([...missing]).toEqual([]);
  });

  it("a session profile's id states all of its rules where the path takes it", () => {
    const put = (doc.paths as Record<string, Record<string, { parameters: { name: string; schema: unknown }[] }>>)[
      '/v1/admin/session/profiles/{profile_id}'
    ]!.put!;
    const schema = put.parameters.find((p) => p.name === 'profile_id')!.schema;
    expect([...patternsIn(schema)]).toEqual([
      '^[^\\u0000-\\u001f\\u007f]*$',
      '^(?:[^\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$',
      '^\\S(.*\\S)?$',
      '^(?!\\.\\.?$)', // as a path segment (the last test)
    ]);
  });

  it('no path parameter takes . or .., which a URL resolves away before it reaches the operation', () => {
    const components = (doc.components as { schemas: Record<string, unknown> }).schemas;
    const resolved = (node: unknown): unknown =>
      JSON.parse(
        JSON.stringify(node, (_k, v: unknown) =>
          v && typeof v === 'object' && '$ref' in v
            ? components[
                String((v as { $ref: string }).$ref)
                  .split('/')
                  .pop()!
              ]
            : v,
        ),
      );
    const open: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: unknown[] }>>))
      for (const [method, op] of Object.entries(item))
        for (const p of (op.parameters ?? []) as { in: string; name: string; schema: unknown }[]) {
          if (p.in !== 'path') continue;
          const schema = resolved(p.schema) as { enum?: string[] };
          const patterns = [...patternsIn(schema)].map((x) => new RegExp(x, 'u'));
          for (const v of ['.', '..'])
            if (!schema.enum && patterns.every((re) => re.test(v))) open.push(`${method} ${path} ${p.name}=${v}`);
        }
    expect(open).toEqual([]);
  });
});
