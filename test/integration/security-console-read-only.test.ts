import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealConsoleSession, CONSOLE_COOKIE } from '../../server/console/console-cookie';
import { startConsoleSession } from '../../server/console/console-session';
import { inTransaction } from '../../server/db/tx';
import { routesFor } from '../../server/http/route-table';
import type { RouteDef } from '../../server/http/route';
import { ApiClient } from '../support/api-client';
import { clientWithScopes, useKassa } from '../support/fixtures';
import { ISOLATION_ENV } from '../support/isolation/credentials';
import { startExpressShop } from '../support/isolation/express-shop';
import { send } from '../support/isolation/matrix';
import { createAccountA, type AccountA } from '../support/isolation/resources';
import { authenticatedRoutes, exampleFor, urlOf } from '../support/isolation/route-examples';
import { snapshotOfA } from '../support/isolation/snapshot';
import { ACCOUNT } from '../support/test-server';

/**
 * Issue 37 item 5: a read-only console user changes nothing, whatever the spec's scope table lets a `read:` token do
 * (a read:checkout token may update a session's order: KASSA_SESSION_UPDATE_REQUIRES_WRITE, ADR 042). Generated over
 * the route table: every operation but a read, with the isolation suite's example on account A's resources.
 */
const k = useKassa({ other: true, merchant: true, env: ISOLATION_ENV });
let a: AccountA;
let shop: Awaited<ReturnType<typeof startExpressShop>>;
/** The read-only user's browser: its cookie, its CSRF token and the page's Origin. */
let readOnly: Record<string, string>;

beforeAll(async () => {
  shop = await startExpressShop();
  a = await createAccountA(k, k.merchant.url, shop.url);
  const created = await k.api.post(`/v1/accounts/${ACCOUNT}/auth/users`, {
    email: 'reader@shop.example',
    role: 'read-only',
    password: 'reader-password-0123',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const ctx = k.srv.kassa.ctx;
  const started = await inTransaction(ctx.database, (trx) =>
    startConsoleSession(trx, { id: created.body.id, account_id: ACCOUNT }, new Date().toISOString()),
  );
  readOnly = {
    cookie: `${CONSOLE_COOKIE}=${await sealConsoleSession(ctx, started.secret)}`,
    'x-kassa-csrf': started.csrfToken,
    origin: k.srv.baseUrl,
  };
});
afterAll(() => shop?.close());

const writes = (): RouteDef[] => authenticatedRoutes(routesFor(k.srv.kassa.ctx.env)).filter((r) => r.method !== 'GET');

describe('a read-only console user', () => {
  it("item 5: cannot change a session's amount with PUT ?update_without_lock=true (403), though a read:checkout token still may", async () => {
    const path = `/v1/sessions/${a.sessions.open}`;
    const before = (await k.api.get(path)).body;
    const order = { ...before.order, amount: 1, items: [{ line_id: '1', description: 'x', quantity: 1, amount: 1 }] };
    const put = (headers: Record<string, string>) =>
      new ApiClient(k.srv.baseUrl).request('PUT', `${path}?update_without_lock=true`, { order }, headers);
    const refused = await put(readOnly);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await k.api.get(path)).body).toEqual(before);
    // it reads (the role is read-only, not locked out)
    expect((await new ApiClient(k.srv.baseUrl).get(path, { cookie: readOnly.cookie! })).status).toBe(200);
    // the token behaviour the spec's scope table requires stays
    const token = await clientWithScopes(k, ['read:checkout']);
    const updated = await token.request('PUT', `${path}?update_without_lock=true`, { order });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.order.amount).toBe(1);
  });

  it('gets 403 from every operation of the route table that is not a read, and changes nothing of the account', async () => {
    const routes = writes();
    expect(routes.length).toBeGreaterThan(50);
    const before = await snapshotOfA(k, a);
    const wrong: string[] = [];
    for (const route of routes) {
      const ex = exampleFor(route, a);
      const res = await send(k.srv.baseUrl, route, urlOf(route, ACCOUNT, ex), ex, readOnly);
      if (res.status !== 403 || !res.text.includes('"INSUFFICIENT_SCOPE"'))
        wrong.push(`${route.operationId}: ${res.status} ${res.text.slice(-200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOfA(k, a)).toEqual(before);
  });
});
