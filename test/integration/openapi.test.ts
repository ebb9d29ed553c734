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
      for (const status of Object.keys(route.responses)) expect(op.responses[status], `${route.operationId} ${status}`).toBeDefined();
    }
    const create = doc.paths['/v1/sessions'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['url', 'order']));
    expect(body.additionalProperties).toBe(false);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const capture = doc.paths['/v1/transactions/{id}/capture'].post;
    expect(capture.requestBody.content['application/json'].schema.properties.amount).toMatchObject({ type: 'integer', maximum: 2147483647 });
  });
});
