import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../../server/http/dispatch';
import { defineRoute, ok, queryParameterNames, type RouteDef } from '../../server/http/route';
import { ROUTES } from '../../server/http/route-table';
import { paidSession, useKassa } from '../support/fixtures';
import { changedTables, snapshotState } from '../support/fuzz/snapshot';
import { tokenOf } from '../support/isolation/credentials';
import { startExpressShop } from '../support/isolation/express-shop';
import { createAccountA, type AccountA } from '../support/isolation/resources';
import { ROUTE_EXAMPLES, urlOf, type Example } from '../support/isolation/route-examples';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/**
 * Issue 24 item 8 (ADR 009): a query parameter an operation does not declare is 400 INVALID_REQUEST
 * naming it, on every operation of the route table, instead of being ignored (an unsupported list
 * filter used to answer the whole list). The walk is generated from the table, on the valid request
 * of each operation (the isolation examples), so only the extra parameter can be what is refused.
 */
const k = useKassa({ merchant: true });
let a: AccountA;
let shop: Awaited<ReturnType<typeof startExpressShop>>;
beforeAll(async () => {
  shop = await startExpressShop();
  a = await createAccountA(k, k.merchant.url, shop.url);
});
afterAll(() => shop.close());

const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

/** A request of the operation that would succeed; the customer's operations on A's open session. */
const validRequest = (route: RouteDef): { ex: Example; headers: Record<string, string> } => {
  const of = ROUTE_EXAMPLES[route.operationId];
  const headers: Record<string, string> = route.auth === 'none' ? {} : { authorization: `Bearer ${tokenOf(k.api)}` };
  if (route.path.endsWith('/auth/token')) {
    return {
      ex: { body: { grant_type: 'client_credentials', audience: `${k.srv.baseUrl}/v1/accounts/${ACCOUNT}` } },
      headers: { authorization: BASIC },
    };
  }
  const ex: Example = of ? of(a) : {};
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = Object.fromEntries(names.map((n) => [n, ex.params?.[n] ?? 'probe-1']));
  if (route.auth === 'none' && params.session_id) params.session_id = a.sessions.open;
  return { ex: { ...ex, params }, headers };
};

const call = async (route: RouteDef, query: Record<string, string>, rawQuery = '') => {
  const { ex, headers } = validRequest(route);
  const withQuery: Example = { ...ex, query: { ...ex.query, ...query } };
  const url =
    urlOf(route, ACCOUNT, withQuery) +
    (rawQuery ? `${withQuery.query && Object.keys(withQuery.query).length ? '&' : '?'}${rawQuery}` : '');
  const hasBody = route.body !== undefined && (ex.body !== undefined || !route.bodyOptional);
  const res = await fetch(`${k.srv.baseUrl}${url}`, {
    method: route.method,
    redirect: 'manual',
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(ex.body ?? {}) : undefined,
  });
  const text = await res.text();
  let body: { error?: { code?: string; errors?: { path?: string; message?: string }[] } } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the check below reports the status and text
  }
  return { status: res.status, body, text };
};

/** What is wrong with the answer to a request carrying the undeclared `names`, or undefined. */
const refusalProblem = (res: Awaited<ReturnType<typeof call>>, names: string[]): string | undefined => {
  const paths = (res.body.error?.errors ?? []).map((e) => e.path);
  const missing = names.filter((n) => !paths.includes(`query.${n}`));
  if (res.status === 400 && res.body.error?.code === 'INVALID_REQUEST' && missing.length === 0) return undefined;
  return `${res.status} ${res.text.slice(0, 300)}`;
};

describe('every operation of the route table refuses a query parameter it does not declare', () => {
  it('an unknown parameter and `sort=x`: 400 INVALID_REQUEST naming each one, and nothing stored changes', async () => {
    const failures: string[] = [];
    for (const route of ROUTES) {
      const before = await snapshotState(k.db());
      const label = `${route.method} ${route.path} (${route.operationId})`;
      const unknown = await call(route, { no_such_parameter: 'x' });
      const sort = await call(route, { sort: 'x' });
      const both = await call(route, { sort: '-created_at', filter: 'status:FAILED' });
      for (const [what, res, names] of [
        ['no_such_parameter', unknown, ['no_such_parameter']],
        ['sort', sort, ['sort']],
        ['sort & filter', both, ['sort', 'filter']],
      ] as const) {
        const problem = refusalProblem(res, [...names]);
        if (problem) failures.push(`${label} ?${what}: ${problem}`);
      }
      const changed = changedTables(before, await snapshotState(k.db()));
      if (changed.length) failures.push(`${label}: a refused request changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(80);
  });

  it("the probe's examples: an unsupported list filter is refused instead of answering the whole list", async () => {
    const acc = (rest: string) => `/v1/accounts/${ACCOUNT}/${rest}`;
    // Each list has rows (A's callback, wallet card, order, sessions): before, the filter was dropped and they all came back.
    for (const [path, name] of [
      ['/v1/admin/callbacks?status=FAILED', 'status'],
      [acc('wallets/cards?customer_id=x'), 'customer_id'],
      [acc('shopping/orders?state=x'), 'state'],
      ['/v1/sessions?sort=created_at', 'sort'],
      ['/v1/transactions?sort=-created_at', 'sort'],
      [acc('customers/users?sort=email'), 'sort'],
    ] as const) {
      const unfiltered = await k.api.get(path.replace(/\?.*/, ''));
      expect(unfiltered.status, path).toBe(200);
      expect((unfiltered.body as unknown[]).length, path).toBeGreaterThan(0);
      const res = await k.api.get(path);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe('INVALID_REQUEST');
      expect(res.body.error.errors).toContainEqual(expect.objectContaining({ path: `query.${name}` }));
      expect(res.body.error.message).toContain(name);
    }
  });

  it('a write with an unknown parameter changes nothing: the capture is not made', async () => {
    const tx = (await paidSession(k.api)).transactionId;
    const res = await k.api.post(`/v1/transactions/${tx}/capture?final=true`, { amount: 100 });
    expect(res.status).toBe(400);
    expect(res.body.error.errors).toContainEqual(expect.objectContaining({ path: 'query.final' }));
    const after = await k.api.get(`/v1/transactions/${tx}`);
    expect(after.body.status).toBe('AUTHORIZED');
    expect(after.body.events.map((e: { event: string }) => e.event)).not.toContain('CAPTURE');
  });
});

describe('the query parameters real clients send are still accepted', () => {
  it('GET /v1/view/{id} with every parameter the web SDK adds: 302 to the page, the parameters kept', async () => {
    const sdk =
      'sdk=0.8.30&ui=inline&language=nb&client_side_validation=true&role=pop_out_launcher&hide_test_message=true';
    const more =
      'sdk_hostname=shop.example&sdk_not_top_level=true&scc=1234&show_payment_type=sandbox.creditcard&hide_language=true&hide_items=false';
    const res = await fetch(`${k.srv.baseUrl}/v1/view/${a.sessions.open}?${sdk}&${more}`, { redirect: 'manual' });
    expect(res.status, await res.text()).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('sid')).toBe(a.sessions.open);
    for (const [key, value] of new URLSearchParams(`${sdk}&${more}`))
      expect(location.searchParams.get(key), key).toBe(value);
  });

  it('the bracket form of a declared list parameter, and the parameters of the spec on the money operations', async () => {
    expect((await k.api.get('/v1/transactions?status[]=AUTHORIZED&status[]=CAPTURED&limit=5')).status).toBe(200);
    expect((await k.api.get(`/v1/accounts/${ACCOUNT}/terminals?store_id[]=${a.storeId}`)).status).toBe(200);
    expect(
      (await k.api.get(`/v1/transactions/${a.transactions.authorized}?includes=session&includes=events.success.true`))
        .status,
    ).toBe(200);
    const toVoid = (await paidSession(k.api)).transactionId;
    const voided = await k.api.post(
      `/v1/transactions/${toVoid}/void?includes=events.request_headers&includes=initiating_system_request_headers`,
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('AUTHORIZATION_VOIDED');
  });

  it('the OpenAPI document declares exactly the query parameters each operation takes', async () => {
    const doc = (await (await fetch(`${k.srv.baseUrl}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    for (const route of ROUTES) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      const documented = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(documented.sort(), route.operationId).toEqual([...queryParameterNames(route)].sort());
    }
    const view = doc.paths['/v1/view/{session_id}']!.get!.parameters!.map((p) => p.name);
    expect(view).toEqual(
      expect.arrayContaining([
        'language',
        'ui',
        'sdk',
        'client_side_validation',
        'role',
        'hide_test_message',
        'sdk_hostname',
        'sdk_not_top_level',
      ]),
    );
  });

  it('a query schema that is not a z.object (so has no parameter names) fails when the dispatcher is made', () => {
    const route = defineRoute({
      operationId: 'bad_query',
      method: 'GET',
      path: '/v1/bad',
      summary: 'x',
      tags: [],
      auth: 'none',
      query: z.record(z.string(), z.string()),
      responses: {},
      handle: async () => ok({}),
    });
    expect(() => createDispatcher(k.srv.kassa.ctx, [route])).toThrow(/bad_query: a query schema must be a z\.object/);
  });
});
