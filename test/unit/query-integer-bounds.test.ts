import { describe, expect, it } from 'vitest';
import { openApiDocumentFor } from '../../server/http/openapi';
import { ROUTES } from '../../server/http/route-table';

/**
 * Issue 37 item 14: an integer query filter wider than its column answered 500 on PostgreSQL (`amount=2147483648` on
 * GET /v1/transactions). Every integer query parameter of every operation is bounded, within int32 (the widest integer
 * column a list filter compares with), so the server refuses with a 400 what the database could not compare.
 */
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

type Parameter = { name: string; in: string; schema?: { type?: string; minimum?: number; maximum?: number } };

describe('integer query parameters', () => {
  const doc = openApiDocumentFor(ROUTES, 'http://kassa.test') as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  const integers = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'))
        .map((p) => ({ where: `${method.toUpperCase()} ${path} ?${p.name}`, schema: p.schema! })),
    ),
  );

  it('every one is bounded within int32 in the document', () => {
    expect(integers.length).toBeGreaterThan(15); // the list limits and the transaction amount filters
    const unbounded = integers
      .filter(
        ({ schema }) =>
          schema.type !== 'integer' ||
          schema.minimum === undefined ||
          schema.maximum === undefined ||
          schema.minimum < INT32.min ||
          schema.maximum > INT32.max,
      )
      .map(({ where, schema }) => `${where} ${JSON.stringify(schema)}`);
    expect(unbounded).toEqual([]);
  });

  it("the server refuses a value just outside each one's bounds", () => {
    for (const route of ROUTES) {
      if (!route.query) continue;
      const shape = (
        route.query as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
      ).shape;
      const path = route.path;
      for (const { where, schema } of integers.filter((i) => i.where.startsWith(`${route.method} ${path} ?`))) {
        const name = where.slice(where.indexOf('?') + 1);
        const field = shape[name]!;
        expect(field.safeParse(String(schema.maximum! + 1)).success, where).toBe(false);
        expect(field.safeParse(String(schema.minimum! - 1)).success, where).toBe(false);
        expect(field.safeParse(String(schema.maximum)).success, where).toBe(true);
      }
    }
  });
});
