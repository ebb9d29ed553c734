import { describe, expect, it, vi } from 'vitest';
import { actorForApiKey } from '../../server/auth/api-keys';
import { hashSecret, secretMatches } from '../../server/auth/secret-hash';
import { verifyClientSecret } from '../../server/auth/verify-client-secret';
import { APPROVE_CARD, DECLINE_CARD, payBody, type ApiClient } from '../support/api-client';
import { createSession, kassaForTest, OTHER, stillClock, type KassaFixture } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/** The abuse limits (README "Abuse limits", ADR 020): 429 TOO_MANY_REQUESTS with Retry-After, counted where they must hold. */

// The server runs in this process: a pass-through spy on the secret compare counts what the token endpoint runs.
vi.mock('../../server/auth/secret-hash', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/auth/secret-hash')>();
  return { ...real, secretMatches: vi.fn(real.secretMatches) };
});

const WINDOW_SECONDS = 3600;
const pay = (customer: ApiClient, sessionId: string, card = DECLINE_CARD, headers: Record<string, string> = {}) =>
  customer.post(`/v1/sessions/${sessionId}/pay`, payBody(card), headers);
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get('retry-after'));

const expectLimited = (res: { status: number; body: { error?: { code: string } }; headers: Headers }, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(429);
  expect(res.body.error?.code).toBe('TOO_MANY_REQUESTS');
  expect(res.headers.get('retry-after'), what).toMatch(/^\d+$/);
  expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
};

/**
 * Moves the stored clock of `table`'s rows of the session back by `seconds`: what the limits see
 * after that many seconds have passed (they count rows by their creation time).
 */
const age = async (k: KassaFixture, table: 'transactions' | 'sms_outbox', sessionId: string, seconds: number) => {
  const rows = await k
    .db()
    .selectFrom(table)
    .select(['id', 'created_at'])
    .where('session_id', '=', sessionId)
    .execute();
  for (const r of rows) {
    await k
      .db()
      .updateTable(table)
      .set({ created_at: new Date(Date.parse(r.created_at) - seconds * 1000).toISOString() })
      .where('id', '=', r.id)
      .execute();
  }
};

const statuses = async (k: KassaFixture, sessionId: string) =>
  (await k.db().selectFrom('transactions').select('status').where('session_id', '=', sessionId).execute()).map(
    (r) => r.status,
  );

describe('pay attempts per session (card testing)', () => {
  it('25 declined cards then a good one: after 10 declines every attempt is 429 with a sane Retry-After; other sessions pay; after the window it pays', async () => {
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_ADDRESS: '0' } });
    const tested = (await createSession(k.api)).id;
    const other = (await createSession(k.api)).id;
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await pay(k.customer, tested));
    const good = await pay(k.customer, tested, APPROVE_CARD);
    const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);

    expect(answers.slice(0, 10).map((a) => [a.status, a.body.success])).toEqual(Array(10).fill([200, false]));
    for (const [i, a] of answers.slice(10).entries()) expectLimited(a, `attempt ${i + 11}`);
    expectLimited(good, 'the good card');
    // until the oldest counted attempt is an hour old: no more than the window, no less than what is left of it
    for (const a of [...answers.slice(10), good]) {
      expect(retryAfter(a)).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(retryAfter(a)).toBeGreaterThanOrEqual(WINDOW_SECONDS - elapsedSeconds - 1);
    }
    expect(await statuses(k, tested)).toEqual(Array(10).fill('DECLINED')); // the refused attempts reached no acquirer
    // the page's payment operations say so too, before the customer types a card
    expectLimited(await k.customer.post(`/v1/view/${tested}/payments/sandbox.creditcard`), 'payment operations');

    const otherPaid = await pay(k.customer, other, APPROVE_CARD);
    expect([otherPaid.status, otherPaid.body.success]).toEqual([200, true]);

    // a minute before Retry-After runs out it is still refused; once it has, the session pays
    const wait = retryAfter(good);
    await age(k, 'transactions', tested, wait - 60);
    expectLimited(await pay(k.customer, tested, APPROVE_CARD), 'a minute early');
    await age(k, 'transactions', tested, 61);
    const later = await pay(k.customer, tested, APPROVE_CARD);
    expect([later.status, later.body.success], JSON.stringify(later.body)).toEqual([200, true]);
  });

  it('concurrent attempts cannot slip past the limit: it is counted under the session lock', async () => {
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_SESSION: '3', KASSA_PAY_ATTEMPTS_PER_ADDRESS: '0' } });
    const id = (await createSession(k.api)).id;
    for (let i = 0; i < 2; i++) expect((await pay(k.customer, id)).body.success).toBe(false);
    const burst = await Promise.all(Array.from({ length: 8 }, () => pay(k.customer, id)));
    for (const res of burst) expect([200, 409, 429], JSON.stringify(res.body)).toContain(res.status);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await statuses(k, id)).toEqual(['DECLINED', 'DECLINED', 'DECLINED']);
    expectLimited(await pay(k.customer, id, APPROVE_CARD), 'after the burst');
  });

  it('waves of concurrent declines on one session never get more than the limit to the acquirer (one attempt at a time, counted under the lock)', async () => {
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_ADDRESS: '0' } });
    const authorize = vi.spyOn(k.srv.kassa.ctx.providers.providerFor('sandbox.creditcard'), 'authorize');
    const id = (await createSession(k.api)).id;
    for (let wave = 0; wave < 15; wave++) {
      for (const res of await Promise.all(Array.from({ length: 20 }, () => pay(k.customer, id))))
        expect([200, 409, 429], JSON.stringify(res.body)).toContain(res.status);
    }
    expect(await statuses(k, id)).toEqual(Array(10).fill('DECLINED'));
    expect(authorize).toHaveBeenCalledTimes(10);
  });

  it('failed attempts count as well as declined ones (a wallet attempt the customer left, dropped by force_new)', async () => {
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_SESSION: '2', KASSA_PAY_ATTEMPTS_PER_ADDRESS: '0' } });
    const id = (
      await createSession(k.api, {
        configuration: { sandbox: { wallet: { enabled: true }, creditcard: { enabled: true } } },
      })
    ).id;
    for (let i = 0; i < 2; i++) {
      const wallet = await k.customer.post(`/v1/sessions/${id}/pay`, {
        payment: { payment_product_type: 'sandbox.wallet' },
      });
      expect(wallet.body.redirect_url, JSON.stringify(wallet.body)).toBeDefined();
      const dropped = await k.customer.post(`/v1/view/${id}/payments/sandbox.creditcard?force_new=true`);
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    }
    expect(await statuses(k, id)).toEqual(['FAILED', 'FAILED']);
    expectLimited(await pay(k.customer, id, APPROVE_CARD), 'after two failed attempts');
    expectLimited(
      await k.customer.post(`/v1/view/${id}/payments/sandbox.creditcard?force_new=true`),
      'payment operations',
    );
    expect(await statuses(k, id)).toEqual(['FAILED', 'FAILED']);
  });

  it('merchant-initiated pays (/v1/sessions/pay, the merchant’s own stored tokens) are not limited by the customer limits', async () => {
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_SESSION: '1', KASSA_PAY_ATTEMPTS_PER_ADDRESS: '1' } });
    for (let i = 0; i < 3; i++) {
      const res = await k.api.post('/v1/sessions/pay', {
        session: {
          order: { amount: 2500, currency: 'NOK', merchant_reference: `mit-${i}` },
          customer: { tokens: { 'sandbox.creditcard': { payment_token: 'sbx_pt_unknown' } } },
        },
        payment: { payment_product_type: 'sandbox.creditcard', operation: 'unscheduled_purchase' },
      });
      expect([res.status, res.body.success], JSON.stringify(res.body)).toEqual([200, false]);
    }
  });
});

describe('declined or failed pay attempts per source address (many sessions)', () => {
  it('approved payments never count; after the limit of declines one address is 429 whichever session it pays', async () => {
    // the per-address bucket refills by a clock that stands still: no decline comes back, however slow the run
    const k = await kassaForTest({ env: { KASSA_PAY_ATTEMPTS_PER_ADDRESS: '3' }, rateLimitClock: stillClock().now });
    for (let i = 0; i < 5; i++)
      expect((await pay(k.customer, (await createSession(k.api)).id, APPROVE_CARD)).body.success).toBe(true);
    const sessions = await Promise.all(Array.from({ length: 4 }, async () => (await createSession(k.api)).id));
    // X-Forwarded-For is not trusted without KASSA_TRUST_PROXY: the connection's address counts
    for (const [i, id] of sessions.slice(0, 3).entries())
      expect((await pay(k.customer, id, DECLINE_CARD, { 'x-forwarded-for': `198.51.100.${i}` })).body.success).toBe(
        false,
      );
    const limited = await pay(k.customer, sessions[3]!, APPROVE_CARD, { 'x-forwarded-for': '198.51.100.9' });
    expectLimited(limited, 'the fourth session');
    expect(limited.body.error.message).toContain('address');
    // 3 a minute: one every 20 s (nothing has refilled on the still clock)
    expect(retryAfter(limited)).toBe(20);
    expect(await statuses(k, sessions[3]!)).toEqual([]);

    const proxied = await kassaForTest({
      env: { KASSA_PAY_ATTEMPTS_PER_ADDRESS: '1', KASSA_TRUST_PROXY: 'true' },
      rateLimitClock: stillClock().now,
    });
    const [a, b] = [(await createSession(proxied.api)).id, (await createSession(proxied.api)).id];
    expect((await pay(proxied.customer, a, DECLINE_CARD, { 'x-forwarded-for': '203.0.113.7' })).body.success).toBe(
      false,
    );
    expectLimited(
      await pay(proxied.customer, b, APPROVE_CARD, { 'x-forwarded-for': '203.0.113.7' }),
      'same forwarded address',
    );
    expect((await pay(proxied.customer, b, APPROVE_CARD, { 'x-forwarded-for': '203.0.113.8' })).body.success).toBe(
      true,
    );
  });
});

describe('a burst of payments from one address (each request takes its slot before the provider is asked)', () => {
  const SECONDS_PER_SLOT = 3; // the default 20 a minute
  const sessionsOf = (k: KassaFixture, n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await createSession(k.api)).id));
  /**
   * A Kassa whose per-address bucket refills by a clock that stands still: on a slow machine the burst
   * and the requests after it take seconds of wall time, and one slot comes back every 3 s.
   */
  const stillKassa = () => kassaForTest({ rateLimitClock: stillClock().now });
  /** Pays every session at once with `card`; what reached the acquirer and what was stored. */
  const burst = async (k: KassaFixture, sessions: string[], card = DECLINE_CARD) => {
    const authorize = vi.spyOn(k.srv.kassa.ctx.providers.providerFor('sandbox.creditcard'), 'authorize');
    authorize.mockClear();
    const answers = await Promise.all(sessions.map((id) => pay(k.customer, id, card)));
    const stored = await k
      .db()
      .selectFrom('transactions')
      .select('status')
      .where('session_id', 'in', sessions)
      .execute();
    return { answers, stored, reached: authorize.mock.calls.length };
  };

  it('60 declined cards at once on 60 sessions with the default limit: at most 20 reach the acquirer, the others are 429 with Retry-After', async () => {
    const k = await stillKassa();
    const { answers, stored, reached } = await burst(k, await sessionsOf(k, 60));
    expect(reached).toBe(20);
    expect(stored).toEqual(Array(reached).fill({ status: 'DECLINED' })); // every refused request left no transaction
    expect(answers.filter((a) => a.status === 200).map((a) => a.body.success)).toEqual(Array(reached).fill(false));
    for (const limited of answers.filter((a) => a.status !== 200)) {
      expectLimited(limited, 'the burst');
      expect(retryAfter(limited)).toBe(SECONDS_PER_SLOT);
    }
    expectLimited(await pay(k.customer, (await sessionsOf(k, 1))[0]!, APPROVE_CARD), 'a good card after the burst');
  });

  it('approved payments, many at once too, use up nothing: the address still has all 20 declines afterwards', async () => {
    const k = await stillKassa();
    for (let round = 0; round < 4; round++) {
      const { answers, stored } = await burst(k, await sessionsOf(k, 10), APPROVE_CARD);
      expect(answers.map((a) => [a.status, a.body.success])).toEqual(Array(10).fill([200, true]));
      expect(stored).toEqual(Array(10).fill({ status: 'AUTHORIZED' }));
    }
    const { reached } = await burst(k, await sessionsOf(k, 30));
    expect(reached).toBe(20);
  });
});

describe('publish/scc (confirmation codes by SMS)', () => {
  const withPhone = (k: KassaFixture) => createSession(k.api, { customer: { phone_number: '+4799999999' } });
  const scc = (k: KassaFixture, id: string) => k.customer.post(`/v1/view/${id}/session/publish/scc`);
  const sent = async (k: KassaFixture, id: string) =>
    (await k.db().selectFrom('sms_outbox').select('id').where('session_id', '=', id).execute()).length;

  it('at most KASSA_SCC_PER_SESSION codes an hour per session: then 429 with Retry-After and no SMS; other sessions unaffected; after the hour again', async () => {
    const k = await kassaForTest({ env: { KASSA_SCC_PER_SESSION: '3' } });
    const { id } = await withPhone(k);
    const other = (await withPhone(k)).id;
    expect([(await scc(k, id)).status, (await scc(k, id)).status, (await scc(k, id)).status]).toEqual([200, 202, 202]);
    const limited = await scc(k, id);
    expectLimited(limited, 'fourth code');
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(retryAfter(limited)).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(await sent(k, id)).toBe(3);
    expect((await scc(k, other)).status).toBe(200);

    await age(k, 'sms_outbox', id, retryAfter(limited) + 1);
    expect((await scc(k, id)).status).toBe(202);
    expect(await sent(k, id)).toBe(4);
  });

  it('concurrent requests send no more than the limit', async () => {
    const k = await kassaForTest({ env: { KASSA_SCC_PER_SESSION: '2' } });
    const { id } = await withPhone(k);
    const burst = await Promise.all(Array.from({ length: 6 }, () => scc(k, id)));
    expect(burst.filter((r) => r.status === 200 || r.status === 202)).toHaveLength(2);
    for (const r of burst.filter((r) => r.status !== 200 && r.status !== 202)) expectLimited(r, 'burst');
    expect(await sent(k, id)).toBe(2);
  });
});

describe('the limits are configurable; 0 turns them off', () => {
  it('KASSA_PAY_ATTEMPTS_PER_SESSION=0, KASSA_PAY_ATTEMPTS_PER_ADDRESS=0, KASSA_SCC_PER_SESSION=0', async () => {
    const k = await kassaForTest({
      env: { KASSA_PAY_ATTEMPTS_PER_SESSION: '0', KASSA_PAY_ATTEMPTS_PER_ADDRESS: '0', KASSA_SCC_PER_SESSION: '0' },
    });
    const { id } = await createSession(k.api, { customer: { phone_number: '+4799999999' } });
    for (let i = 0; i < 40; i++) expect((await pay(k.customer, id)).status).toBe(200);
    expect((await pay(k.customer, id, APPROVE_CARD)).body.success).toBe(true);
    const other = (await createSession(k.api, { customer: { phone_number: '+4799999999' } })).id;
    for (let i = 0; i < 8; i++)
      expect((await k.customer.post(`/v1/view/${other}/session/publish/scc`)).status).toBe(i === 0 ? 200 : 202);
  });

  it('the defaults: 10 declined attempts per session, 20 a minute per address, 5 codes per session', async () => {
    const k = await kassaForTest();
    expect(k.srv.kassa.ctx.env).toMatchObject({
      KASSA_PAY_ATTEMPTS_PER_SESSION: 10,
      KASSA_PAY_ATTEMPTS_PER_ADDRESS: 20,
      KASSA_SCC_PER_SESSION: 5,
    });
    const { id } = await createSession(k.api, { customer: { phone_number: '+4799999999' } });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await k.customer.post(`/v1/view/${id}/session/publish/scc`)).status);
    expect(codes).toEqual([200, 202, 202, 202, 202, 429]);
  });
});

describe('token endpoint', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const token = (baseUrl: string, secret: string, clientId: string = CLIENT_ID) =>
    fetch(`${baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
      method: 'POST',
      headers: { authorization: basic(clientId, secret), 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        audience: `https://checkout.example/v1/accounts/${ACCOUNT}`,
      }),
    });

  it('200 wrong secrets at once with the default limits: 401 until the bucket of this client and address is empty, then 429 with Retry-After', async () => {
    const k = await kassaForTest();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const res = await token(k.srv.baseUrl, 'a-guessed-secret-000000');
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          code: ((await res.json()) as { error: { code: string } }).error.code,
        };
      }),
    );
    const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
    const refused = answers.filter((a) => a.status === 401);
    const limited = answers.filter((a) => a.status === 429);
    expect(refused.length + limited.length).toBe(200);
    // 10 failures a minute per (client, address): the full bucket (the login's slot was given back, its
    // secret was right), plus at most one more for each 6 s since; a slot is taken before the compare
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused.length).toBeLessThanOrEqual(10 + Math.ceil(elapsedSeconds / 6));
    for (const a of limited)
      expect(a).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    expect((await token(k.srv.baseUrl, CLIENT_SECRET)).status).toBe(429); // the right secret from that address waits as well
  });

  it('a secret check runs one hash compare whether the client exists, belongs to another account, or not', async () => {
    const k = await kassaForTest({ other: true });
    const compared: string[] = [];
    const counting = async (secret: string, storedHash: string) => {
      compared.push(storedHash);
      return secretMatches(secret, storedHash);
    };
    const db = k.srv.kassa.ctx.database.db;
    const cases = [
      [ACCOUNT, CLIENT_ID, CLIENT_SECRET, true],
      [ACCOUNT, CLIENT_ID, 'a-wrong-secret-0000000', false],
      [ACCOUNT, 'no-such-client', CLIENT_SECRET, false],
      [ACCOUNT, OTHER.clientId, OTHER.clientSecret, false], // another account's client with its right secret
    ] as const;
    for (const [account, id, secret, found] of cases) {
      const before = compared.length;
      expect(Boolean(await verifyClientSecret(db, account, id, secret, counting)), id).toBe(found);
      expect(compared.length - before, id).toBe(1);
      // a hash of a stored kind, also for an unknown client: scrypt for these start-up clients (their secrets were chosen)
      expect(compared.at(-1), id).toMatch(id === 'no-such-client' ? /^[0-9a-f]{64}$/ : /^scrypt\$/);
    }
  });

  it('the token endpoint runs exactly that one compare for a known client, an unknown one and another account’s', async () => {
    const k = await kassaForTest({ other: true });
    const spy = vi.mocked(secretMatches);
    const cases = [
      [CLIENT_ID, CLIENT_SECRET, 200],
      [CLIENT_ID, 'a-wrong-secret-0000000', 401],
      ['no-such-client', CLIENT_SECRET, 401],
      [OTHER.clientId, OTHER.clientSecret, 401],
    ] as const;
    for (const [id, secret, status] of cases) {
      spy.mockClear();
      const res = await token(k.srv.baseUrl, secret, id);
      expect(res.status, id).toBe(status);
      expect(spy, id).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![1], id).toMatch(id === 'no-such-client' ? /^[0-9a-f]{64}$/ : /^scrypt\$/);
    }
  });

  it('an API key is hashed once before the lookup, whether it exists or not', async () => {
    const k = await kassaForTest();
    const hashed: string[] = [];
    const countingHash = (key: string) => {
      hashed.push(key);
      return hashSecret(key);
    };
    const created = await k.api.post('/v1/admin/api-keys', { name: 'counted' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await actorForApiKey(k.srv.kassa.ctx, created.body.api_key, countingHash)).toMatchObject({
      accountId: ACCOUNT,
    });
    await expect(
      actorForApiKey(k.srv.kassa.ctx, `${ACCOUNT}.no-such-key-000000000000`, countingHash),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(hashed).toEqual([created.body.api_key, `${ACCOUNT}.no-such-key-000000000000`]);
  });
});
