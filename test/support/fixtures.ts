import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import { ensureAccountClient } from '../../server/accounts/ensure-account-client';
import type { DB } from '../../server/db/schema';
import { APPROVE_CARD, ApiClient, payBody, sessionBody, type Card } from './api-client';
import { startMerchant, type Merchant, type Respond } from './callback-helpers';
import { ACCOUNT, startTestServer, type TestServer } from './test-server';

/**
 * The one place an integration test gets its Kassa: a test server on a fresh database, the
 * merchant's logged-in client, the customer (no credentials, as the checkout page), and on request
 * a second test account and a merchant callback endpoint.
 *
 *   const { srv, api, customer } = useKassa();                 // per file: beforeAll / afterAll
 *   const { srv, api, merchant } = await kassaForTest({ merchant: (cb) => 503 });  // inside one test
 */

/** A second test account, for "another merchant may not see this" tests (`other` below). */
export const OTHER = {
  accountId: 'T20000002',
  accountName: 'Other shop',
  clientId: 'other',
  clientSecret: 'other-secret-0123456789',
} as const;

export interface KassaOptions {
  /** Extra environment for the server (see server/config/env.ts). */
  env?: Record<string, string>;
  /** Also create the account OTHER and log in as it (`other`). */
  other?: boolean;
  /** Also start a merchant callback endpoint (`merchant`); a function picks the status per request. */
  merchant?: boolean | Respond;
  /**
   * The time the in-memory rate limits (token, pay and gift-card attempts per address) refill by. A
   * test that asserts a bucket is still empty at its next request passes a stillClock(): on a slow
   * machine wall time between two requests could refill it.
   */
  rateLimitClock?: () => number;
}

/** A clock that stands still until the test moves it: no rate-limit bucket refills unless `advance` says so. */
export const stillClock = (start = Date.now()) => {
  let at = start;
  return {
    now: () => at,
    advance: (ms: number) => void (at += ms),
  };
};

export interface KassaFixture {
  srv: TestServer;
  /** The test account's merchant backend, logged in. */
  api: ApiClient;
  /** The customer's browser: no credentials. */
  customer: ApiClient;
  /** OTHER's merchant backend (only with `other: true`). */
  other: ApiClient;
  /** The merchant's callback endpoint (only with `merchant`). */
  merchant: Merchant;
  /** The server's database, to check what is stored. */
  db(): Kysely<DB>;
}

const missing = (what: string, option: string) =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${what} needs ${option}`);
      },
    },
  ) as never;

/** Starts a Kassa now; the caller stops it. Prefer useKassa or kassaForTest. */
export const startKassa = async (opts: KassaOptions = {}): Promise<KassaFixture & { stop(): Promise<void> }> => {
  const srv = await startTestServer({ env: opts.env, rateLimitClock: opts.rateLimitClock });
  let merchant: Merchant | undefined;
  try {
    const api = await ApiClient.login(srv.baseUrl);
    let other: ApiClient | undefined;
    if (opts.other) {
      await ensureAccountClient(srv.kassa.ctx.database, OTHER, srv.kassa.ctx.env.KASSA_CONSOLE_PASSWORD_COST);
      other = await ApiClient.login(srv.baseUrl, OTHER.accountId, OTHER.clientId, OTHER.clientSecret);
    }
    if (opts.merchant) merchant = await startMerchant(typeof opts.merchant === 'function' ? opts.merchant : undefined);
    return {
      srv,
      api,
      customer: new ApiClient(srv.baseUrl),
      other: other ?? missing('other', 'useKassa({ other: true })'),
      merchant: merchant ?? missing('merchant', 'useKassa({ merchant: true })'),
      db: () => srv.kassa.ctx.database.db,
      async stop() {
        await srv.stop();
        await merchant?.close();
      },
    };
  } catch (e) {
    await srv.stop();
    await merchant?.close();
    throw e;
  }
};

/** A Kassa for the current test only: started now, stopped when the test finishes. */
export const kassaForTest = async (opts: KassaOptions = {}): Promise<KassaFixture> => {
  const kassa = await startKassa(opts);
  onTestFinished(() => kassa.stop());
  return kassa;
};

/**
 * A Kassa for every test of the file (or of the describe block it is called in): started in
 * beforeAll, stopped in afterAll. Call it at collection time; the values it returns stand for the
 * objects beforeAll starts, so they can be destructured at once and used in hooks and tests.
 */
export const useKassa = (opts: KassaOptions = {}): KassaFixture => {
  let started: (KassaFixture & { stop(): Promise<void> }) | undefined;
  beforeAll(async () => {
    started = await startKassa(opts);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const current = <K extends keyof KassaFixture>(key: K): KassaFixture[K] => {
    if (!started) throw new Error(`useKassa: ${key} is used before beforeAll started the server`);
    return started[key];
  };
  return {
    srv: lateBound(() => current('srv')),
    api: lateBound(() => current('api')),
    customer: lateBound(() => current('customer')),
    other: lateBound(() => current('other')),
    merchant: lateBound(() => current('merchant')),
    db: () => current('db')(),
  };
};

/** An object that forwards every property to `target()`, resolved on each use. */
const lateBound = <T extends object>(target: () => T): T =>
  new Proxy({} as T, {
    get(_, key) {
      const t = target();
      const value = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });

/** POST /v1/sessions with sessionBody(overrides, order); expects 200. */
export const createSession = async (
  api: ApiClient,
  overrides: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
) => {
  const body = sessionBody(overrides, order);
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.id as string, body, created: created.body };
};

/** A session created by `api` and paid by the customer with `card` (approved by default); expects success. */
export const paidSession = async (
  api: ApiClient,
  opts: { overrides?: Record<string, unknown>; order?: Record<string, unknown>; card?: Card } = {},
) => {
  const session = await createSession(api, opts.overrides, opts.order);
  const paid = await new ApiClient(api.baseUrl).post(
    `/v1/sessions/${session.id}/pay`,
    payBody(opts.card ?? APPROVE_CARD),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  return { ...session, sessionId: session.id, transactionId: paid.body.transaction_id as string, pay: paid.body };
};

/** `id` with its last character changed to another character (never the same id). */
export const otherId = (id: string): string => {
  const last = id.at(-1)!;
  const changed = `${id.slice(0, -1)}${last === 'z' ? 'y' : 'z'}`;
  if (changed === id) throw new Error(`otherId(${id}) did not change it`);
  return changed;
};

/** Resolves once the clock is past `iso`, so whatever is created next has a later created_at. */
export const clockPast = async (iso: string) => {
  const at = Date.parse(iso);
  await expect
    .poll(() => Date.now(), { interval: 1, timeout: Math.max(0, at - Date.now()) + 1000 })
    .toBeGreaterThan(at);
};

let scopedClients = 0;

/** A new client of the test account with exactly `scopes`, logged in (for the 403 tests of each area). */
export const clientWithScopes = async (
  k: Pick<KassaFixture, 'srv'>,
  scopes: string[],
  clientId = `scoped-${process.pid}-${++scopedClients}`,
): Promise<ApiClient> => {
  const secret = 'scoped-secret-0123456789abcdef';
  const { database, env } = k.srv.kassa.ctx;
  const spec = { accountId: ACCOUNT, accountName: 'Test shop', clientId, clientSecret: secret };
  await ensureAccountClient(database, spec, env.KASSA_CONSOLE_PASSWORD_COST);
  await k.srv.kassa.ctx.database.db
    .updateTable('api_clients')
    .set({ scopes: JSON.stringify(scopes) })
    .where('client_id', '=', clientId)
    .execute();
  return ApiClient.login(k.srv.baseUrl, ACCOUNT, clientId, secret);
};
