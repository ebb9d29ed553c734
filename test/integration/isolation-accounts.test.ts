import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesFor } from '../../server/http/route-table';
import { useKassa } from '../support/fixtures';
import { ISOLATION_ENV } from '../support/isolation/credentials';
import { listRoutes, prepareMatrix, runQueryProbes, runMatrix, type Matrix } from '../support/isolation/matrix';
import { authenticatedRoutes } from '../support/isolation/route-examples';

/**
 * The isolation matrix (ADR 025), part 2: every authenticated operation under /v1/accounts/{aid}
 * (customers, wallets, payouts, stores, terminals, discounts, shopping), on A's path and with A's ids under B's own path, with another account's token and API key, a token
 * of A without the scope, an expired token, `alg: none`, a token of another key and a deleted API key of A.
 */
const k = useKassa({ other: true, merchant: true, env: ISOLATION_ENV });
let m: Matrix;
beforeAll(async () => {
  m = await prepareMatrix(k);
}, 60_000);
afterAll(() => m?.close());

describe('isolation matrix: operations under /v1/accounts/{aid}', () => {
  it('answers 401/403/404 (2xx only in the caller’s own account), shows nothing of A and changes nothing of A', async () => {
    const routes = authenticatedRoutes(routesFor(k.srv.kassa.ctx.env)).filter((r) => r.path.includes('{aid}'));
    expect(routes.length).toBeGreaterThan(30);
    const { failures, requests } = await runMatrix(k, m, routes);
    expect(failures).toEqual([]);
    expect(requests).toBe(routes.length * 8);
  }, 60_000);

  it("B paging and filtering its own lists by A's ids or names gets the answer for a value naming nothing", async () => {
    const routes = authenticatedRoutes(routesFor(k.srv.kassa.ctx.env)).filter((r) => r.path.includes('{aid}'));
    expect(listRoutes(routes).length).toBeGreaterThan(5);
    const { failures } = await runQueryProbes(k, m, routes);
    expect(failures).toEqual([]);
  }, 60_000);
});
