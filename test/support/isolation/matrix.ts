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
export const send = async (
  baseUrl: string,
  route: RouteDef,
  url: string,
  ex: Example,
  headers: Record<string, string>,
): Promise<RawResponse> => {
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
  if (cred.kind === 'missing-scope') return [403];
  if (cred.kind === 'unauthenticated') return [401];
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
  await k.other.post('/v1/admin/signature'); // B has a signing secret too, so its own payment app can be configured
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
  const okStatus =
    expected === 'own'
      ? (res.status >= 200 && res.status < 300) || [401, 403, 404].includes(res.status)
      : expected.includes(res.status);
  if (!okStatus)
    out.push(
      `${what}: status ${res.status} (expected ${expected === 'own' ? '2xx in its own account' : expected.join('/')}): ${res.text.slice(-300)}`,
    );
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
export const runMatrix = async (
  k: KassaFixture,
  m: Matrix,
  routes: readonly RouteDef[],
): Promise<{ failures: string[]; requests: number }> => {
  const failures: string[] = [];
  let requests = 0;
  // One snapshot between two batches: what follows one batch is what precedes the next.
  let before = await snapshotOfA(k, m.a);
  for (let i = 0; i < routes.length; i += BATCH) {
    const batch = routes.slice(i, i + BATCH);
    // The operations of a batch and the credentials of each are tried at once: every request acts
    // alone (A's resources are only read or refused; B's creates use new values each time).
    const lines = await Promise.all(
      batch.flatMap((route) => m.creds.forOperation(route).map((cred) => check(k, m, route, cred))),
    );
    requests += lines.length;
    failures.push(...lines.flat());
    const after = await snapshotOfA(k, m.a);
    try {
      expect(after).toEqual(before);
    } catch (e) {
      failures.push(
        `one of ${batch.map((r) => r.operationId).join(', ')}: A's stored data changed: ${(e as Error).message.slice(0, 1500)}`,
      );
    }
    before = after;
  }
  return { failures, requests };
};

/** The reads of a whole list (no resource in the path but the account), with the query parameters they take (except `limit`). */
export const listRoutes = (routes: readonly RouteDef[]) =>
  routes.filter(
    (r) =>
      r.method === 'GET' &&
      r.query instanceof z.ZodObject &&
      !r.path.replace('{aid}', '').includes('{') &&
      queryKeys(r).length > 0,
  );

const queryKeys = (r: RouteDef): string[] =>
  r.query instanceof z.ZodObject ? Object.keys(r.query.shape).filter((key) => key !== 'limit') : [];

/** A's ids that can stand as a cursor or a filter: one of every kind of row a list pages over, and the marker of A's names and references. */
const valuesOfA = (a: AccountA) => [
  a.marker,
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

/**
 * The values of A's to try in a query parameter: every kind of id for a cursor; for a filter, the
 * ids its name speaks of (`session_id`: A's session...), else the marker of A's names and references.
 */
const valuesFor = (key: string, a: AccountA): string[] => {
  if (key === 'starting_after') return valuesOfA(a);
  const byName: [RegExp, string[]][] = [
    [/session/, [a.sessions.authorized, a.sessions.open]],
    [/transaction/, [a.transactions.captured]],
    [/customer/, [a.customerId]],
    [/card/, [a.walletCardId, a.cardToken]],
    [/token/, [a.cardToken, a.paymentToken]],
    [/store/, [a.storeId]],
    [/payout/, [a.payoutDestinationId]],
    [/terminal/, [a.terminalId]],
    [/rule/, [a.ruleId]],
    [/order/, [a.orderId]],
    [/profile/, [a.profileId]],
  ];
  const named = byName.filter(([re]) => re.test(key)).flatMap(([, v]) => v);
  return named.length > 0 ? named : [a.marker];
};

/** A value of the same length and kinds of characters that names nothing (its last six letters and digits changed), so it passes the same format checks. */
export const twinOf = (value: string): string =>
  [...value]
    .map((c, i) => {
      if (i < value.length - 6) return c;
      if (/[0-9]/.test(c)) return c === '7' ? '8' : '7';
      if (/[a-z]/.test(c)) return c === 'x' ? 'y' : 'x';
      if (/[A-Z]/.test(c)) return c === 'X' ? 'Y' : 'X';
      return c;
    })
    .join('');

/** The answer with what varies between two requests taken out: the date, the request id, and the cursor itself. */
const comparable = (res: RawResponse, cursor: string) =>
  `${res.status}\n${res.text
    .split('\n')
    .filter((l) => !/^(date|request-id|content-length):/i.test(l))
    .join('\n')
    .split(cursor)
    .join('<cursor>')}`;

/**
 * B pages and filters its own lists (`starting_after`, `session_id`, `search`, `customer_id`...)
 * with a value naming A's row or A's marker: every answer is the one for a value that names
 * nothing, so a list tells B neither A's data nor that A's row exists.
 */
export const runQueryProbes = async (
  k: KassaFixture,
  m: Matrix,
  routes: readonly RouteDef[],
): Promise<{ failures: string[]; requests: number }> => {
  const failures: string[] = [];
  let requests = 0;
  for (const route of listRoutes(routes)) {
    // Every parameter and value of one list at once (only reads of B's own account).
    const probes = queryKeys(route).flatMap((key) => valuesFor(key, m.a).map((value) => ({ key, value })));
    await Promise.all(
      probes.map(async ({ key, value }) => {
        const call = async (v: string) => {
          const ex: Example = { query: { [key]: v } };
          requests++;
          return send(k.srv.baseUrl, route, urlOf(route, OTHER.accountId, ex), ex, m.creds.other);
        };
        const twin = twinOf(value);
        const [res, baseline] = await Promise.all([call(value), call(twin)]);
        const what = `${route.operationId} ?${key}=${value}`;
        const leaks = leaksOfA(m.a, res, [value]);
        if (leaks.length > 0) failures.push(`${what}: the answer shows A's ${leaks.join(', ')}`);
        const got = comparable(res, value);
        const expected = comparable(baseline, twin);
        if (got !== expected)
          failures.push(
            `${what}: answers otherwise than for ${twin}, which names nothing:\n${got.slice(-300)}\n  vs\n${expected.slice(-300)}`,
          );
      }),
    );
  }
  return { failures, requests };
};
