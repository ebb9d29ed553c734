import { describe, expect, it } from 'vitest';
import { kassaForTest, OTHER, stillClock } from '../support/fixtures';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/** The token endpoint's Limits (spec: 429 when called too often), per client and per source address. */
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const token = (baseUrl: string, account: string, id: string, secret: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/v1/accounts/${account}/auth/token`, {
    method: 'POST',
    headers: { authorization: basic(id, secret), 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: `https://checkout.example/v1/accounts/${account}`,
    }),
  });

/**
 * Asks until the answer is 429 (at most `max` times); returns that answer. Each Kassa here refills its
 * buckets by a clock that stands still (stillClock): the check after the 429 cannot race a refill.
 */
const until429 = async (ask: () => Promise<Response>, max = 12): Promise<Response> => {
  for (let i = 0; i < max; i++) {
    const res = await ask();
    if (res.status === 429) return res;
    await res.arrayBuffer();
  }
  throw new Error(`no 429 after ${max} requests`);
};

describe('token endpoint rate limits', () => {
  it('wrong secrets count per client and address: then the right one from there waits too; another client from there does not', async () => {
    const env = { KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '3', KASSA_TOKEN_RATE_PER_CLIENT: '10' };
    const { srv } = await kassaForTest({ rateLimitClock: stillClock().now, other: true, env });
    const limited = await until429(() =>
      token(srv.baseUrl, OTHER.accountId, OTHER.clientId, 'a-guessed-secret-000000'),
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await limited.json();
    expect(body.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('for this client from this address'),
    });
    expect((await token(srv.baseUrl, OTHER.accountId, OTHER.clientId, OTHER.clientSecret)).status).toBe(429);
    expect((await token(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET)).status).toBe(200);
  });

  it('the right secret uses no failure limit up: a client asking often is held only by its address limit', async () => {
    const env = {
      KASSA_TOKEN_FAILURES_PER_ADDRESS: '2',
      KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '2',
      KASSA_TOKEN_RATE_PER_CLIENT: '3',
    };
    const { srv } = await kassaForTest({ rateLimitClock: stillClock().now, env });
    for (let i = 0; i < 12; i++) expect((await token(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET)).status).toBe(200);
  });

  it('wrong secrets from one address count across client ids', async () => {
    const { srv } = await kassaForTest({
      rateLimitClock: stillClock().now,
      env: { KASSA_TOKEN_FAILURES_PER_ADDRESS: '4' },
    });
    let n = 0;
    const limited = await until429(() => token(srv.baseUrl, ACCOUNT, `client-${n++}`, 'x'.repeat(20)));
    expect((await limited.json()).error.message).toContain('failed token requests from this address');
    expect((await token(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET)).status).toBe(429);
  });

  it('one source address asking too often gets 429 whichever client it names; X-Forwarded-For counts only behind a trusted proxy', async () => {
    const direct = await kassaForTest({ rateLimitClock: stillClock().now, env: { KASSA_TOKEN_RATE_PER_ADDRESS: '4' } });
    let n = 0;
    const limited = await until429(() =>
      token(direct.srv.baseUrl, ACCOUNT, `client-${n++}`, 'x'.repeat(20), { 'x-forwarded-for': `198.51.100.${n}` }),
    );
    expect((await limited.json()).error.message).toContain('address');
    expect((await token(direct.srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET)).status).toBe(429);

    const proxied = await kassaForTest({
      rateLimitClock: stillClock().now,
      env: { KASSA_TOKEN_RATE_PER_ADDRESS: '4', KASSA_TRUST_PROXY: 'true' },
    });
    await until429(() =>
      token(proxied.srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET, { 'x-forwarded-for': '203.0.113.7' }),
    );
    expect(
      (await token(proxied.srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET, { 'x-forwarded-for': '203.0.113.8' }))
        .status,
    ).toBe(200);
  });

  it('behind a trusted proxy, a forwarded attacker is throttled and the forwarded merchant is not', async () => {
    const env = {
      KASSA_TRUST_PROXY: 'true',
      KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '3',
      KASSA_TOKEN_RATE_PER_CLIENT: '10',
    };
    const { srv } = await kassaForTest({ rateLimitClock: stillClock().now, env });
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    await until429(() => token(srv.baseUrl, ACCOUNT, CLIENT_ID, 'a-guessed-secret-000000', attacker));
    expect((await token(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET, attacker)).status).toBe(429);
    expect(
      (await token(srv.baseUrl, ACCOUNT, CLIENT_ID, CLIENT_SECRET, { 'x-forwarded-for': '198.51.100.20' })).status,
    ).toBe(200);
  });
});
