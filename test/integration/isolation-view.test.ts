import { beforeAll, describe, expect, it } from 'vitest';
import { routesFor } from '../../server/http/route-table';
import { createSession } from '../support/fixtures';
import { leaksOfA, requestStrings, send } from '../support/isolation/matrix';
import { ADDRESS, expressOf, HOME } from '../support/isolation/resources';
import { exampleFor, sessionViewRoutes, urlOf } from '../support/isolation/route-examples';
import { snapshotOfA } from '../support/isolation/snapshot';
import { useIsolationMatrix } from '../support/isolation/suite';
import { ACCOUNT } from '../support/test-server';

/**
 * The isolation matrix (ADR 025), part 3: every customer operation on a session (no credentials)
 * against A's sessions that can no longer be paid (authorized, captured, cancelled, expired) and
 * against a session of account B that names A's transaction, redirect or gift card.
 */
const iso = useIsolationMatrix();
const { k } = iso;
let otherSession: string;
beforeAll(async () => {
  otherSession = (
    await createSession(k.other, expressOf('http://127.0.0.1:9'), { shipping_address: ADDRESS, shipping_option: HOME })
  ).id;
});

describe('isolation matrix: the customer operations on a session', () => {
  it("on A's sessions that cannot be paid any more: a documented 4xx for every write, nothing of the order beyond the spec, nothing changed", async () => {
    const routes = sessionViewRoutes(routesFor(k.srv.kassa.ctx.env));
    expect(routes.length).toBeGreaterThan(12);
    const failures: string[] = [];
    const states = {
      authorized: iso.m.a.sessions.authorized,
      captured: iso.m.a.sessions.captured,
      cancelled: iso.m.a.sessions.cancelled,
      expired: iso.m.a.sessions.expired,
    };
    for (const route of routes) {
      const before = await snapshotOfA(k, iso.m.a);
      // The four sessions are tried at once; the snapshot after them shows none changed anything.
      await Promise.all(
        Object.entries(states).map(async ([state, session]) => {
          const base = exampleFor(route, iso.m.a);
          const ex = { ...base, params: { ...base.params, session_id: session } };
          const url = urlOf(route, ACCOUNT, ex);
          const res = await send(k.srv.baseUrl, route, url, ex, {});
          const what = `${route.operationId} ${route.method} ${url} on the ${state} session`;
          // The one answer the spec gives about a paid session: the customer's way back to the shop (GET .../redirect/{its own transaction}).
          const ownReturn = route.operationId === 'checkout_session_redirect_get' && state === 'authorized';
          const pageRedirect = route.operationId === 'checkout_sid_get';
          if (ownReturn || pageRedirect) {
            if (res.status !== 302) failures.push(`${what}: status ${res.status}, expected 302`);
          } else if (res.status === 302 && route.responses[302]) {
            // A page's form post (3-D Secure decision, abandon) sends the customer back; the snapshot below shows it changed nothing.
          } else if (res.status < 400 || res.status > 499 || !route.responses[res.status]) {
            failures.push(
              `${what}: status ${res.status} (expected a 4xx the route documents: ${Object.keys(route.responses).join(', ')}): ${res.text.slice(-300)}`,
            );
          }
          if (route.operationId === 'checkout_sid_json_get' && !/"cause"/.test(res.text))
            failures.push(`${what}: the 404 has no error.cause: ${res.text.slice(-300)}`);
          if (!ownReturn) {
            const leaks = leaksOfA(iso.m.a, res, [
              ...requestStrings(url, ex),
              ...(iso.m.a.shownWhenUnavailable[session] ?? []),
            ]);
            if (leaks.length > 0)
              failures.push(`${what}: the answer shows ${leaks.join(', ')}: ${res.text.slice(-300)}`);
          }
        }),
      );
      const after = await snapshotOfA(k, iso.m.a);
      try {
        expect(after).toEqual(before);
      } catch (e) {
        failures.push(`${route.operationId}: A's stored data changed: ${(e as Error).message.slice(0, 1500)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("on B's open session naming A's transaction, redirect or gift card: no 5xx, nothing of A's, nothing of A's changed", async () => {
    const failures: string[] = [];
    const before = await snapshotOfA(k, iso.m.a);
    for (const route of sessionViewRoutes(routesFor(k.srv.kassa.ctx.env))) {
      const base = exampleFor(route, iso.m.a);
      const ex = { ...base, params: { ...base.params, session_id: otherSession } };
      const url = urlOf(route, ACCOUNT, ex);
      const res = await send(k.srv.baseUrl, route, url, ex, {});
      const what = `${route.operationId} ${route.method} ${url} on B's session`;
      if (res.status >= 500) failures.push(`${what}: status ${res.status}: ${res.text.slice(-300)}`);
      const namesA =
        Object.entries(ex.params).some(([name, v]) => name !== 'session_id' && iso.m.a.ids.includes(v)) ||
        JSON.stringify(ex.body ?? {}).includes(iso.m.a.walletTokenValue);
      if (namesA && res.status < 400) failures.push(`${what}: status ${res.status} for a request naming A's resource`);
      const leaks = leaksOfA(iso.m.a, res, requestStrings(url, ex));
      if (leaks.length > 0) failures.push(`${what}: the answer shows ${leaks.join(', ')}: ${res.text.slice(-300)}`);
    }
    expect(await snapshotOfA(k, iso.m.a)).toEqual(before);
    expect(failures).toEqual([]);
  });
});
