import { expect } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from '../../../server/http/route';
import { OTHER, type KassaFixture } from '../fixtures';
import { makeCredentials, type Credential, type Credentials } from './credentials';
import { startExpressShop } from './express-shop';
import { createAccountA, type AccountA } from './resources';
import { exampleFor, urlOf, type Example } from './route-examples';
import { snapshotOfA } from './snapshot';

export interface RawResponse {
  status: number;
  text: string;
}

/** One request as bytes: the body and every header, so a leak anywhere in the answer is seen. */
export const send = async (baseUrl: string, route: RouteDef, url: string, ex: Example, headers: Record<string, string>): Promise<RawResponse> => {
  const hasBody = route.body !== undefined && (ex.body !== undefined || !route.bodyOptional);
  const res = await fetch(`${baseUrl}${url}`, {
    method: route.method,
    redirect: 'manual',
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(ex.body ?? {}) : undefined,
  });
  const body = await res.text();
  const head = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return { status: res.status, text: `${head}\n\n${body}` };
};

/** Every string the request itself carried (path, query, body): echoing those back reveals nothing. */
export const requestStrings = (url: string, ex: Example): string[] => {
  const out = [...Object.values(ex.params ?? {}), ...Object.values(ex.query ?? {}), decodeURIComponent(url)];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(ex.body);
  return out.filter((s) => s.length >= 6).sort((x, y) => y.length - x.length);
};

/**
 * Which of A's data the answer shows: the marker (in every merchant-given value of A), any of A's
 * server-made ids and secrets, A's order amount. What the request itself sent is taken out first.
 */
export const leaksOfA = (a: AccountA, res: RawResponse, echo: string[]): string[] => {
  let text = res.text;
  for (const s of echo) text = text.split(s).join('<echo>');
  const found = [a.marker, ...a.ids].filter((n) => text.includes(n));
  if (new RegExp(`(?<![\\w.-])${a.amount}(?![\\w.-])`).test(text)) found.push(`amount ${a.amount}`);
  return found;
};

const expectedStatuses = (cred: Credential, ex: Example): number[] | 'own' => {
  if (cred.name.includes('with only')) return [403];
  if (!cred.actsAs) return [401];
  if (cred.aid === OTHER.accountId && ex.ownAccount) return 'own';
  return [404];
};

export interface Matrix {
  a: AccountA;
  creds: Credentials;
  close(): Promise<void>;
}

/** Starts account A's resources and the credentials of the matrix on a Kassa with the other account and a merchant endpoint. */
export const prepareMatrix = async (k: KassaFixture): Promise<Matrix> => {
  const shop = await startExpressShop();
  const a = await createAccountA(k, k.merchant.url, shop.url);
  const creds = await makeCredentials(k);
  return { a, creds, close: () => shop.close() };
};

/** Operations between two snapshots of A's data (a change names the batch). */
const BATCH = 4;

/** One request of the matrix and what is wrong with its answer. */
const check = async (k: KassaFixture, m: Matrix, route: RouteDef, cred: Credential): Promise<string[]> => {
  // Evaluated per request: the neutral values of a create (profile_id, card_id...) are new each time.
  const ex = exampleFor(route, m.a);
  const url = urlOf(route, cred.aid, ex);
  const res = await send(k.srv.baseUrl, route, url, ex, cred.headers);
  const out: string[] = [];
  const what = `${route.operationId} ${route.method} ${url} with ${cred.name}`;
  const expected = expectedStatuses(cred, ex);
  const okStatus = expected === 'own' ? (res.status >= 200 && res.status < 300) || [401, 403, 404].includes(res.status) : expected.includes(res.status);
  if (!okStatus) out.push(`${what}: status ${res.status} (expected ${expected === 'own' ? '2xx in its own account' : expected.join('/')}): ${res.text.slice(-300)}`);
  const leaks = leaksOfA(m.a, res, requestStrings(url, ex));
  if (leaks.length > 0) out.push(`${what}: the answer shows A's ${leaks.join(', ')}`);
  return out;
};

/**
 * Calls every route with every credential of the matrix. Returns one line per wrong answer: a status
 * other than expected (401 for no valid credential, 403 for a missing scope, 404 for A's resources
 * seen by B; a 2xx only where B acts on its own account), any of A's data in the answer, or any
 * change to what A has stored.
 */
export const runMatrix = async (k: KassaFixture, m: Matrix, routes: readonly RouteDef[]): Promise<{ failures: string[]; requests: number }> => {
  const failures: string[] = [];
  let requests = 0;
  // One snapshot between two batches: what follows one batch is what precedes the next.
  let before = await snapshotOfA(k, m.a);
  for (let i = 0; i < routes.length; i += BATCH) {
    const batch = routes.slice(i, i + BATCH);
    // The operations of a batch and the credentials of each are tried at once: every request acts
    // alone (A's resources are only read or refused; B's creates use new values each time).
    const lines = await Promise.all(batch.flatMap((route) => m.creds.forOperation(route).map((cred) => check(k, m, route, cred))));
    requests += lines.length;
    failures.push(...lines.flat());
    const after = await snapshotOfA(k, m.a);
    try {
      expect(after).toEqual(before);
    } catch (e) {
      failures.push(`one of ${batch.map((r) => r.operationId).join(', ')}: A's stored data changed: ${(e as Error).message.slice(0, 1500)}`);
    }
    before = after;
  }
  return { failures, requests };
};

/** The list operations that page with `starting_after` (a cursor naming a row). */
export const pagedRoutes = (routes: readonly RouteDef[]) =>
  routes.filter((r) => r.method === 'GET' && r.query instanceof z.ZodObject && 'starting_after' in r.query.shape && !r.path.replace('{aid}', '').includes('{'));

/** A's ids that can stand as a cursor: one of every kind of row a list pages over. */
const cursorsOfA = (a: AccountA) => [
  a.sessions.authorized,
  a.transactions.captured,
  a.customerId,
  a.cardToken,
  a.walletCardId,
  a.payoutDestinationId,
  a.storeId,
  a.terminalId,
  a.ruleId,
  a.claimId,
  a.orderId,
  a.profileId,
  a.callbackId,
];

/** The answer with what varies between two requests taken out: the date, the request id, and the cursor itself. */
const comparable = (res: RawResponse, cursor: string) =>
  `${res.status}\n${res.text
    .split('\n')
    .filter((l) => !/^(date|request-id|content-length):/i.test(l))
    .join('\n')
    .split(cursor)
    .join('<cursor>')}`;

/**
 * B pages its own lists with a cursor naming A's row: the answer is the one for a cursor that names
 * nothing at all, so a list tells B neither A's data nor that A's row exists.
 */
export const runCursorProbes = async (k: KassaFixture, m: Matrix, routes: readonly RouteDef[]): Promise<{ failures: string[]; requests: number }> => {
  const failures: string[] = [];
  let requests = 0;
  const token = { authorization: m.creds.forOperation(routes[0]!).find((c) => c.name === "B's token")!.headers.authorization ?? '' };
  for (const route of pagedRoutes(routes)) {
    const call = async (cursor: string) => {
      const ex: Example = { query: { starting_after: cursor } };
      requests++;
      return send(k.srv.baseUrl, route, urlOf(route, OTHER.accountId, ex), ex, token);
    };
    const nothing = `${m.a.ids[0]!.slice(0, 10)}nothing${m.a.marker.slice(-6)}`.slice(0, 40);
    const baseline = comparable(await call(nothing), nothing);
    await Promise.all(
      cursorsOfA(m.a).map(async (cursor) => {
        const res = await call(cursor);
        const leaks = leaksOfA(m.a, res, [cursor]);
        if (leaks.length > 0) failures.push(`${route.operationId} starting_after=${cursor}: the answer shows A's ${leaks.join(', ')}`);
        const got = comparable(res, cursor);
        if (got !== baseline)
          failures.push(`${route.operationId} starting_after=${cursor}: answers otherwise than for a cursor that names nothing:\n${got.slice(-300)}\n  vs\n${baseline.slice(-300)}`);
      }),
    );
  }
  return { failures, requests };
};
