import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routesFor } from '../../server/http/route-table';
import type { RouteDef } from '../../server/http/route';
import { card, payBody } from '../support/api-client';
import { createSession, useKassa } from '../support/fixtures';
import { ACCOUNT } from '../support/test-server';
import { ISOLATION_ENV, tokenOf } from '../support/isolation/credentials';
import { send } from '../support/isolation/matrix';
import { startExpressShop } from '../support/isolation/express-shop';
import { ADDRESS, createAccountA, expressOf, HOME, type AccountA } from '../support/isolation/resources';
import {
  authenticatedRoutes,
  exampleFor,
  ROUTE_EXAMPLES,
  sessionViewRoutes,
  urlOf,
  type Example,
} from '../support/isolation/route-examples';

/**
 * The isolation matrix's table of examples (ADR 025): one for every operation the matrix calls, and
 * each one succeeds with account A's own credentials, so in the matrix only the credentials decide.
 */
const k = useKassa({ other: true, merchant: true, env: ISOLATION_ENV });
let a: AccountA;
let shop: Awaited<ReturnType<typeof startExpressShop>>;
beforeAll(async () => {
  shop = await startExpressShop();
  a = await createAccountA(k, k.merchant.url, shop.url);
});
afterAll(() => shop.close());

describe('the table of examples', () => {
  it('has an example for every authenticated operation and every customer operation on a session, and none for an operation that is gone', () => {
    const needed = [...authenticatedRoutes(ROUTES), ...sessionViewRoutes(ROUTES)].map((r) => r.operationId);
    expect(needed.filter((id) => !ROUTE_EXAMPLES[id])).toEqual([]);
    expect(Object.keys(ROUTE_EXAMPLES).filter((id) => !needed.includes(id))).toEqual([]);
    expect(needed.length).toBeGreaterThan(80);
  });

  it("every authenticated example succeeds with A's own token (deletes last)", async () => {
    const token = tokenOf(k.api);
    const rank = (r: RouteDef) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
    const routes = [...authenticatedRoutes(routesFor(k.srv.kassa.ctx.env))].sort((x, y) => rank(x) - rank(y));
    const failed: string[] = [];
    for (const route of routes) {
      const ex = exampleFor(route, a);
      const res = await send(k.srv.baseUrl, route, urlOf(route, ACCOUNT, ex), ex, { authorization: `Bearer ${token}` });
      if (res.status < 200 || res.status > 299)
        failed.push(`${route.operationId}: ${res.status} ${res.text.slice(-400)}`);
    }
    expect(failed).toEqual([]);
  });

  it("every customer example succeeds on a fresh open session of A's", async () => {
    const failed: string[] = [];
    for (const route of sessionViewRoutes(routesFor(k.srv.kassa.ctx.env))) {
      const session = (
        await createSession(k.api, expressOf(shop.url), { shipping_address: ADDRESS, shipping_option: HOME })
      ).id;
      const base = exampleFor(route, a);
      const params: Record<string, string> = { ...base.params, session_id: session };
      if (
        [
          'sandbox_customer_action_post',
          'checkout_session_redirect_get',
          'checkout_customer_action_return_get',
        ].includes(route.operationId)
      ) {
        const paid = await k.customer.post(
          `/v1/sessions/${session}/pay`,
          payBody(
            card(route.operationId === 'sandbox_customer_action_post' ? '4000 0000 0000 3220' : '4111 1111 1111 1111'),
          ),
        );
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        if (params.transaction_id) params.transaction_id = paid.body.transaction_id;
        if (params.redirect_ref) params.redirect_ref = paid.body.transaction_id;
      }
      const ex: Example = { ...base, params };
      const res = await send(k.srv.baseUrl, route, urlOf(route, ACCOUNT, ex), ex, {});
      if (res.status < 200 || res.status > 399)
        failed.push(`${route.operationId}: ${res.status} ${res.text.slice(-400)}`);
    }
    expect(failed).toEqual([]);
  });
});
