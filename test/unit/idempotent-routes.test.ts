import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/http/openapi';
import { ROUTES } from '../../server/http/route-table';
import { requestHash } from '../../server/idempotency/idempotency-store';

/**
 * Authenticated POST routes that deliberately do NOT honour Idempotency-Key (ADR 006), each with
 * its reason. Every other authenticated POST must set `idempotent: true`. Think twice before
 * adding a route here: merchants retry, and a POST without a key cannot be retried safely.
 */
const NOT_IDEMPOTENT: Record<string, string> = {
  // The response carries the new API key in plain text, which Kassa otherwise stores only hashed;
  // replaying it would mean keeping the plaintext in idempotency_keys for 48 hours. A duplicate
  // key from a retried request is harmless (list and delete it).
  admin_api_keys_post: 'response holds a secret that is stored only hashed',
  // A new secret, answered once and stored only hashed: a retried rotation rotates again and answers the newest
  // value, which is what the caller wanted (the one it never saw is refused either way).
  admin_api_keys_rotate_post: 'response holds a new secret that is stored only hashed',
  aid_auth_client_rotate_secret_post: 'response holds a new secret that is stored only hashed',
  // Computes the discounts of a posted receipt and stores nothing: a retry computes the same answer.
  discounts_available_for_receipt_post: 'changes nothing (a calculation)',
};

describe('the route table and Idempotency-Key', () => {
  it('every authenticated POST route is idempotent or listed above with a reason', () => {
    const missing = ROUTES.filter(
      (r) => r.method === 'POST' && r.auth !== 'none' && !r.idempotent && !(r.operationId in NOT_IDEMPOTENT),
    );
    expect(
      missing.map((r) => `${r.operationId} (${r.method} ${r.path})`),
      'set `idempotent: true` on these routes (ADR 006)',
    ).toEqual([]);
    for (const id of Object.keys(NOT_IDEMPOTENT))
      expect(ROUTES.find((r) => r.operationId === id)?.idempotent, id).toBeFalsy();
  });

  it('idempotent routes are authenticated, because keys are scoped per account', () => {
    expect(ROUTES.filter((r) => r.idempotent && r.auth === 'none').map((r) => r.operationId)).toEqual([]);
  });

  it('the OpenAPI document lists the optional Idempotency-Key header and the 409 on exactly the idempotent routes', () => {
    const doc = buildOpenApiDocument(ROUTES, 'https://kassa.example') as { paths: Record<string, Record<string, any>> };
    expect(ROUTES.filter((r) => r.idempotent).length).toBeGreaterThanOrEqual(5);
    for (const route of ROUTES) {
      const op = doc.paths[route.path]![route.method.toLowerCase()];
      const header = (op.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      if (!route.idempotent) {
        expect(header, route.operationId).toBeUndefined();
        continue;
      }
      expect(header, route.operationId).toMatchObject({
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
      expect(header.description ?? header.schema.description).toContain('IDEMPOTENCY_KEY_REUSED');
      expect(op.responses['409'].description, route.operationId).toContain('IDEMPOTENCY_KEY_IN_PROGRESS');
      expect(op.responses['400'], route.operationId).toBeDefined();
    }
  });
});

describe('the request hash', () => {
  it('ignores key order and whitespace, treats an empty body as {}, and tells paths, queries and bodies apart', () => {
    const q = (s = '') => new URLSearchParams(s);
    const h = requestHash('POST', '/v1/sessions', q(), '{"a":1,"b":{"c":[1,2],"d":"x"}}');
    expect(requestHash('POST', '/v1/sessions', q(), ' { "b": { "d": "x", "c": [1, 2] }, "a": 1 } ')).toBe(h);
    expect(requestHash('POST', '/v1/sessions', q(), '{"a":1,"b":{"c":[2,1],"d":"x"}}')).not.toBe(h);
    expect(requestHash('POST', '/v1/other', q(), '{"a":1,"b":{"c":[1,2],"d":"x"}}')).not.toBe(h);
    expect(requestHash('POST', '/v1/transactions/x/void', q(), undefined)).toBe(
      requestHash('POST', '/v1/transactions/x/void', q(), '{}'),
    );
    expect(requestHash('POST', '/v1/sessions', q('b=2&a=1'), '{}')).toBe(
      requestHash('POST', '/v1/sessions', q('a=1&b=2'), '{}'),
    );
    expect(requestHash('POST', '/v1/sessions', q('include_session=true'), '{}')).not.toBe(
      requestHash('POST', '/v1/sessions', q(), '{}'),
    );
  });
});
