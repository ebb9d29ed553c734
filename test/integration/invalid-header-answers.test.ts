import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROUTES } from '../../server/http/route-table';
import { ApiClient } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import type { DocOperation } from '../support/openapi/document-requests';
import { operationsOf } from '../support/openapi/document-requests';
import { ACCOUNT } from '../support/test-server';
import { rawExchange } from '../support/raw-http';

/**
 * Issue 37 item 20: a 400 for an invalid header value is answered in the matched operation's declared 400 shape, both
 * when node's parser refuses the bytes before any handler (a raw control character, a bare CR) and when the dispatcher
 * refuses a value outside the header's pattern. Operations whose 400 schema requires more than `error` (`success:
 * false` on POST /v1/sessions/pay) are read from the served document; a path no operation has keeps the generic shape.
 */
const kassa = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });

type Schema = { $ref?: string; required?: string[]; properties?: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, DocOperation>>; components: { schemas: Record<string, Schema> } };

describe('a 400 for an invalid header value', () => {
  let doc: Doc;
  let withFields: { op: DocOperation; required: string[]; schema: z.ZodType }[];
  let bearer: string;

  beforeAll(async () => {
    doc = (await new ApiClient(kassa.srv.baseUrl).get('/v1/openapi.json')).body;
    bearer = ((await ApiClient.login(kassa.srv.baseUrl)) as unknown as { token: string }).token;
    const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!]! : s);
    withFields = operationsOf(doc).flatMap((op) => {
      const response = op.responses['400'] as { content?: Record<string, { schema: Schema }> } | undefined;
      const schema = response?.content?.['application/json']?.schema;
      const required = schema ? (resolve(schema).required ?? []) : [];
      if (!required.some((f) => f !== 'error')) return [];
      const route = ROUTES.find((r) => r.operationId === op.operationId)!;
      return [{ op, required, schema: route.responses[400]!.schema! }];
    });
  });

  const target = (op: DocOperation) => op.path.replace('{aid}', ACCOUNT).replace(/\{\w+\}/g, 'T10000001.x');
  const request = (op: DocOperation, header: string) =>
    `${op.method} ${target(op)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${bearer}\r\n` +
    `Content-Type: application/json\r\n${header}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;

  const assertShape = (answer: { status: number; body: string }, item: (typeof withFields)[number], what: string) => {
    expect(answer.status, `${what}: ${answer.body}`).toBe(400);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    for (const field of item.required) expect(body, `${what} lacks ${field}: ${answer.body}`).toHaveProperty(field);
    const parsed = item.schema.safeParse(body);
    expect(parsed.success, `${what}: ${answer.body} ${parsed.error?.message ?? ''}`).toBe(true);
  };

  it('the document has operations whose 400 requires more than `error`', () => {
    expect(withFields.map((w) => w.op.operationId)).toContain('checkout_sessions_pay_post');
  });

  it("refused by node's parser (a raw control character, a bare CR): the operation's 400 shape", async () => {
    for (const item of withFields)
      for (const header of ['Kassa-System-Name: a\u0001b', 'X-Note: a\rb', 'X-Note: a\u007fb']) {
        const what = `${item.op.operationId} ${JSON.stringify(header)}`;
        assertShape(await rawExchange(kassa.srv.baseUrl, request(item.op, header)), item, what);
      }
  });

  it("refused by the dispatcher (a value outside the header's pattern): the operation's 400 shape", async () => {
    for (const item of withFields) {
      const headers = (item.op.parameters ?? []).filter((p) => p.in === 'header');
      expect(headers.length).toBeGreaterThan(0);
      for (const p of headers) {
        const what = `${item.op.operationId} ${p.name}`;
        const answer = await rawExchange(
          kassa.srv.baseUrl,
          request(item.op, `${p.name}: caf\u00e9 ${'a'.repeat(300)}`),
        );
        assertShape(answer, item, what);
        const errors = (JSON.parse(answer.body) as { error: { errors: { path: string }[] } }).error.errors;
        expect(errors.map((e) => e.path)).toContain(`headers.${p.name.toLowerCase()}`);
      }
    }
  });

  it('on a path no operation has, the generic error shape', async () => {
    const answer = await rawExchange(
      kassa.srv.baseUrl,
      'POST /v1/no-such-operation HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\u0001b\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
