import { describe, expect, it } from 'vitest';
import { openApiDocumentFor } from '../../server/http/openapi';
import { ROUTES } from '../../server/http/route-table';

/**
 * Issue 37 item 20: the document states what the server refuses: keys of free-form objects (`propertyNames`), session
 * metadata's key limits, and `token_types` as exact tuples.
 */
type Node = Record<string, unknown>;
const doc = openApiDocumentFor(ROUTES, 'http://kassa.test') as Node & {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Node }> } }>>;
  components: { schemas: Record<string, Node> };
};

const nodes = (root: unknown): Node[] => {
  const out: Node[] = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const at = stack.pop();
    if (Array.isArray(at)) stack.push(...at);
    else if (at && typeof at === 'object') {
      out.push(at as Node);
      stack.push(...Object.values(at));
    }
  }
  return out;
};
const resolve = (s: Node): Node => (typeof s.$ref === 'string' ? doc.components.schemas[s.$ref.split('/').pop()!]! : s);
const bodyOf = (path: string, method = 'post') =>
  resolve(doc.paths[path]![method]!.requestBody!.content['application/json']!.schema);

describe('what the document states of keys and tuples', () => {
  it('every object that takes keys of the client’s choosing states propertyNames without control characters', () => {
    const free = nodes(doc).filter((n) => 'additionalProperties' in n && n.additionalProperties !== false);
    expect(free.length).toBeGreaterThan(100);
    const unstated = free.filter((n) => {
      const names = n.propertyNames as { pattern?: string } | undefined;
      if (!names?.pattern) return true;
      const re = new RegExp(names.pattern, 'u');
      return re.test('a\u0001b') || re.test('\u007f') || re.test('\n') || !re.test('note');
    });
    expect(unstated.map((n) => JSON.stringify(n).slice(0, 200))).toEqual([]);
  });

  it("session metadata's key limits are in the schema, not only in prose", () => {
    for (const path of ['/v1/sessions', '/v1/sessions-profile']) {
      const metadata = resolve((bodyOf(path).properties as Record<string, Node>).metadata!);
      expect(metadata, path).toMatchObject({
        maxProperties: 50,
        propertyNames: { minLength: 1, maxLength: 40, pattern: expect.any(String) },
      });
    }
  });

  it('token_types is one of two exact tuples: minItems and no items beyond them', () => {
    const session = bodyOf('/v1/sessions/payment-token');
    const tokenProvider = resolve((session.properties as Record<string, Node>).token_provider!);
    const types = (tokenProvider.properties as Record<string, Node>).token_types!;
    const tuples = (types.anyOf ?? types.oneOf) as Node[];
    expect(tuples).toHaveLength(2);
    for (const tuple of tuples) {
      const prefix = tuple.prefixItems as unknown[];
      expect(tuple).toMatchObject({ type: 'array', minItems: prefix.length, items: false });
    }
  });
});
