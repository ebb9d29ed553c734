import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/http/route-table';
import { ApiClient } from '../support/api-client';
import { useKassa } from '../support/fixtures';

const { srv } = useKassa();

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the route table, with every operation, its scopes and schemas', async () => {
    const res = await new ApiClient(srv.baseUrl).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: srv.baseUrl }]);
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operationId);
      if (route.auth !== 'none') expect(op.security[0].bearerAuth).toEqual(route.scopes);
      for (const status of Object.keys(route.responses))
        expect(op.responses[status], `${route.operationId} ${status}`).toBeDefined();
    }
    const create = doc.paths['/v1/sessions'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['url', 'order']));
    expect(body.additionalProperties).toBe(false);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const capture = doc.paths['/v1/transactions/{id}/capture'].post;
    expect(capture.requestBody.content['application/json'].schema.properties.amount).toMatchObject({
      type: 'integer',
      maximum: 2147483647,
    });
  });

  it('declares every request header a route reads, from its headers schema', async () => {
    const doc = (await new ApiClient(srv.baseUrl).get('/v1/openapi.json')).body;
    const headers = (path: string, method: string) =>
      ((doc.paths[path][method].parameters ?? []) as { in: string; name: string }[])
        .filter((p) => p.in === 'header')
        .map((p) => p.name.toLowerCase());
    for (const path of ['/v1/sessions', '/v1/sessions/pay', '/v1/sessions-profile', '/v1/sessions/payment-token']) {
      expect(headers(path, 'post'), path).toEqual(
        expect.arrayContaining([
          'kassa-feature-toggles',
          'kassa-system-name',
          'kassa-system-plugin-name',
          'idempotency-key',
        ]),
      );
    }
    expect(headers('/v1/sessions/{session_id}/pay', 'post')).toContain('if-unmodified-since');
    expect(headers('/v1/view/{session_id}/session/order/shipping_option', 'put')).toContain('if-unmodified-since');
    expect(headers('/v1/view/{session_id}/session', 'get')).toContain('viewer-country');
    // every route with a headers schema documents each of its headers; Authorization through the security schemes
    // (OpenAPI 3.1 ignores a header parameter of that name)
    for (const route of ROUTES) {
      const shape = (route.headers as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const name of Object.keys(shape).filter((n) => n !== 'authorization'))
        expect(headers(route.path, route.method.toLowerCase()), `${route.operationId} ${name}`).toContain(
          name.toLowerCase(),
        );
    }
  });
});
