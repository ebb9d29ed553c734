import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/http/openapi';
import { ROUTES } from '../../server/http/route-table';

/**
 * Issue 27 item 18: the document names its main shapes as component schemas (generated clients get type names) and
 * links operations (create session → get/update/cancel/pay; a transaction → capture/refund/void), each link valid.
 */
type Json = Record<string, any>;
const doc = buildOpenApiDocument(ROUTES, '/') as Json;

/** The schema at `$ref`, or the schema itself. */
const resolve = (schema: Json): Json =>
  schema.$ref ? resolve(doc.components.schemas[String(schema.$ref).replace('#/components/schemas/', '')]) : schema;
const operations = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
  Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })),
);
const byId = new Map(operations.map((o) => [o.op.operationId as string, o]));

describe('named component schemas', () => {
  it('the main shapes are components, and the operations refer to them', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Session', 'SessionOrder', 'OrderItem', 'Address', 'ShippingOption', 'Transaction'])
      expect(names).toContain(name);
    for (const name of ['TransactionEvent', 'Card', 'ViewSession', 'Error']) expect(names).toContain(name);
    const ok = (id: string) => byId.get(id)!.op.responses['200'].content['application/json'].schema;
    expect(ok('checkout_session_get')).toEqual({ $ref: '#/components/schemas/Session' });
    expect(ok('transactions_id_get')).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(resolve(ok('transactions_id_get')).properties.events.items).toEqual({
      $ref: '#/components/schemas/TransactionEvent',
    });
  });
});

describe('links between operations', () => {
  const links = operations.flatMap(({ op }) =>
    Object.entries(op.responses as Json).flatMap(([status, response]) =>
      Object.entries(((response as Json).links ?? {}) as Json).map(([name, link]) => ({
        from: op.operationId as string,
        status,
        name,
        link: link as Json,
        schema: (response as Json).content?.['application/json']?.schema as Json | undefined,
      })),
    ),
  );

  it('create session leads to get, update, cancel and pay; a transaction to capture, refund and void', () => {
    const targets = (from: string) => links.filter((l) => l.from === from).map((l) => l.link.operationId);
    expect(targets('checkout_session_post')).toEqual(
      expect.arrayContaining([
        'checkout_session_get',
        'checkout_session_put',
        'checkout_session_cancel_post',
        'checkout_sid_pay_post',
      ]),
    );
    expect(targets('transactions_id_get')).toEqual(
      expect.arrayContaining([
        'transactions_id_capture_post',
        'transactions_id_refund_post',
        'transactions_id_void_post',
      ]),
    );
  });

  it('every link names an operation of the document, its path parameters, and a field the answer declares', () => {
    expect(links.length).toBeGreaterThan(10);
    for (const { from, name, link, schema } of links) {
      const where = `${from} → ${name}`;
      const target = byId.get(link.operationId);
      expect(target, where).toBeDefined();
      const pathParams = [...target!.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(link.parameters).sort(), where).toEqual(pathParams.sort());
      for (const expression of Object.values(link.parameters as Record<string, string>)) {
        const field = /^\$response\.body#\/(\w+)$/.exec(expression)?.[1];
        expect(field, `${where}: ${expression}`).toBeDefined();
        expect(Object.keys(resolve(schema!).properties ?? {}), `${where}: ${field}`).toContain(field);
      }
    }
  });
});
