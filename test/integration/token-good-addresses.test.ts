import { describe, expect, it } from 'vitest';
import { stillClock } from '../support/fixtures';
import { startTestServer, CLIENT_ID, CLIENT_SECRET, ACCOUNT } from '../support/test-server';

/**
 * Issue 37 item 13: the addresses that got a token for a client lately (they pass the client's ceiling of failed
 * attempts from every address) are kept in the database: after a restart, or on another process, six attacking
 * addresses still do not keep the merchant's server out.
 */
const WRONG = 'a-guessed-secret-000000';
const askToken = async (baseUrl: string, from: string, secret: string) => {
  const res = await fetch(`${baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
      'x-forwarded-for': from,
    },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: `https://checkout.example/v1/accounts/${ACCOUNT}`,
    }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: body.error?.message ?? '' };
};

describe('the token endpoint’s remembered addresses', () => {
  it('survive a restart and are seen by another process: the merchant passes the ceiling six addresses filled', async () => {
    // behind a trusted proxy, so each request names its own address; small limits, so a slow run sees no refill
    const env = {
      KASSA_TRUST_PROXY: 'true',
      KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '2',
      KASSA_TOKEN_RATE_PER_CLIENT: '3',
    };
    const MERCHANT = '198.51.100.20';
    const first = await startTestServer({ env, rateLimitClock: stillClock().now }); // no refill between two checks
    const same = { env, dataDir: first.dataDir, pgSchema: first.pgSchema, rateLimitClock: stillClock().now };
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      expect((await askToken(first.baseUrl, MERCHANT, CLIENT_SECRET)).status).toBe(200);
      await first.stop();
      // a restarted process (and, on PostgreSQL, one more beside it) on the same database
      second = await startTestServer(same);
      // addresses with wrong secrets until the client's ceiling (KASSA_TOKEN_RATE_PER_CLIENT) holds
      let ceiling = '';
      for (let a = 1; a <= 6 && !ceiling; a++)
        for (let i = 0; i < 3; i++) {
          const answer = await askToken(second.baseUrl, `203.0.113.${a}`, WRONG);
          if (answer.message.includes('from every address')) ceiling = answer.message;
          if (answer.status === 429) break;
        }
      expect(ceiling).toContain('for this client from every address');
      const merchant = await askToken(second.baseUrl, MERCHANT, CLIENT_SECRET);
      const stranger = await askToken(second.baseUrl, '203.0.113.99', CLIENT_SECRET);
      expect({ stranger: stranger.status, merchant: merchant.status }).toEqual({ stranger: 429, merchant: 200 });
    } finally {
      await second?.stop();
    }
  });
});
