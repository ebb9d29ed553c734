import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../server/http/dispatch';
import { ApiClient } from '../support/api-client';
import { useKassa } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';
import { operationsOf, requestsFor, type DocOperation, type DocRequest } from '../support/openapi/document-requests';
import type { JsonSchema } from '../support/openapi/schema-arbitrary';

/**
 * Issue 37 item 20: every header parameter of GET /v1/openapi.json states what the server takes (a pattern, an enum or
 * a format), and the server holds to it: a value outside is refused with 400 naming the header, a value inside is not
 * refused for it. Generated from the served document: a new header parameter is covered without touching this file.
 */
const kassa = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });

type Param = NonNullable<DocOperation['parameters']>[number];
type Doc = Record<string, unknown> & { paths: Record<string, Record<string, DocOperation>> };

const fits = (v: string, s: JsonSchema): boolean => {
  if (typeof s.minLength === 'number' && v.length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && v.length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v)) return false;
  return !Array.isArray(s.enum) || s.enum.includes(v);
};

/** Values a client could send as a header (latin-1 at most: node:http's rule), tried in order. */
const INSIDE = ['1', 'US', 'strict-session-amounts', 'shop-plugin 1.2', 'Tue, 01 Jan 2030 00:00:00 GMT', '"3"'];
const outside = (s: JsonSchema): string[] => [
  ...(typeof s.maxLength === 'number' ? ['a'.repeat(s.maxLength + 1)] : []),
  'caf\u00e9',
  '\u00ff\u00fe',
  '!',
  '',
];

const send = async (r: DocRequest): Promise<{ status: number; errors: { path?: string }[] }> => {
  const url = new URL(r.target, 'http://internal');
  const req: HttpRequest = {
    method: r.method,
    path: url.pathname,
    query: url.searchParams,
    headers: r.headers,
    body: r.body,
    baseUrl: kassa.srv.baseUrl,
    remoteAddress: '127.0.0.1',
  };
  const res = await kassa.srv.kassa.dispatch(req);
  const body = res.body ? (JSON.parse(res.body) as { error?: { errors?: { path?: string }[] } }) : {};
  return { status: res.status, errors: body.error?.errors ?? [] };
};

describe('header parameters of the OpenAPI document', () => {
  let doc: Doc;
  let headerParams: { op: DocOperation; p: Param }[];
  const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

  beforeAll(async () => {
    doc = (await new ApiClient(kassa.srv.baseUrl).get('/v1/openapi.json')).body;
    headerParams = operationsOf(doc).flatMap((op) =>
      (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => ({ op, p })),
    );
  });

  it('none is one OpenAPI ignores (Accept, Content-Type, Authorization: the security schemes say those)', () => {
    const ignored = headerParams.filter(({ p }) =>
      ['accept', 'content-type', 'authorization'].includes(p.name.toLowerCase()),
    );
    expect(ignored.map(({ op, p }) => `${op.operationId} ${p.name}`)).toEqual([]);
  });

  it('each states a pattern, an enum or a format', () => {
    expect(headerParams.length).toBeGreaterThan(20);
    const unstated = headerParams.filter(({ p }) => {
      const s = p.schema ?? {};
      return typeof s.pattern !== 'string' && !Array.isArray(s.enum) && typeof s.format !== 'string';
    });
    expect(unstated.map(({ op, p }) => `${op.operationId} ${p.name} ${JSON.stringify(p.schema)}`)).toEqual([]);
  });

  it('the server refuses a value outside it with 400 naming the header, and takes one inside', async () => {
    const bearer = (await ApiClient.login(kassa.srv.baseUrl)) as unknown as { token: string };
    const problems: string[] = [];
    for (const { op, p } of headerParams) {
      const s = p.schema ?? {};
      const inside = [...(Array.isArray(s.enum) ? (s.enum as string[]) : []), ...INSIDE].find((v) => fits(v, s));
      const out = outside(s).find((v) => !fits(v, s));
      const where = `${op.operationId} ${p.name}`;
      if (inside === undefined || out === undefined) {
        problems.push(`${where}: no value inside (${inside}) or outside (${out}) to try`);
        continue;
      }
      const [request] = fc.sample(requestsFor(doc, op, { aid: [ACCOUNT] }, { bearer: bearer.token, basic }), {
        seed: 37,
        numRuns: 1,
      });
      const name = p.name.toLowerCase();
      const namesIt = (errors: { path?: string }[]) => errors.some((e) => e.path === `headers.${name}`);
      const refused = await send({ ...request!, headers: { ...request!.headers, [name]: out } });
      if (refused.status !== 400 || !namesIt(refused.errors))
        problems.push(
          `${where}=${JSON.stringify(out.slice(0, 20))}: ${refused.status} ${JSON.stringify(refused.errors)}`,
        );
      const taken = await send({ ...request!, headers: { ...request!.headers, [name]: inside } });
      if (namesIt(taken.errors))
        problems.push(`${where}=${JSON.stringify(inside)} refused: ${JSON.stringify(taken.errors)}`);
    }
    expect(problems).toEqual([]);
  });
});
