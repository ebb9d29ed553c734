import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/config/env';
import {
  createTokenRateLimits,
  reserveFailureSlots,
  type TokenRateLimits,
} from '../../server/auth/token-attempt-limits';

/** The token endpoint's failure limits (server/auth/token-attempt-limits.ts) on a clock the test moves. */
const limits = (perClientAddress: number, perClient: number, perAddress = 1000) =>
  createTokenRateLimits({
    KASSA_TOKEN_RATE_PER_ADDRESS: 1000,
    KASSA_TOKEN_FAILURES_PER_ADDRESS: perAddress,
    KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: perClientAddress,
    KASSA_TOKEN_RATE_PER_CLIENT: perClient,
  });

/** A wrong secret from `address` at `now`: true when it was compared (401), false when refused (429). */
const fail = (l: TokenRateLimits, address: string, now: number) => {
  try {
    reserveFailureSlots(l, { accountId: 'T00000001', clientId: 'shop', address }, now);
    return true;
  } catch (e) {
    expect((e as { code: string }).code).toBe('TOO_MANY_REQUESTS');
    return false;
  }
};

/** The right secret; `remembered`: the address got a token lately (what `good_addresses` tells the endpoint). */
const rightSecret = (l: TokenRateLimits, address: string, now: number, remembered = false) => {
  reserveFailureSlots(l, { accountId: 'T00000001', clientId: 'shop', address, remembered }, now).succeeded(now);
};

describe('token attempt limits', () => {
  it('one address hammering for ten minutes, every 100 ms, never keeps a new address from the right secret', () => {
    const l = limits(10, 11);
    let compared = 0;
    for (let now = 0; now < 600_000; now += 100) {
      if (fail(l, '198.51.100.1', now)) compared++;
      expect(() => rightSecret(l, `203.0.113.${(now / 100) % 250}`, now)).not.toThrow();
    }
    expect(compared).toBeLessThanOrEqual(10 + 10 * 10); // its own bucket: full once, then 10 a minute
  });

  it('many addresses reach the ceiling; then only an address that got a token lately passes it', () => {
    const l = limits(2, 5);
    const compared = ['a', 'a', 'b', 'b', 'c', 'c'].filter((attacker) => fail(l, attacker, 1000)).length;
    expect(compared).toBe(5); // two per address, and the ceiling stops the sixth
    expect(() => rightSecret(l, 'new-address', 1000)).toThrow(/for this client from every address/);
    expect(() => rightSecret(l, 'merchant', 1000, true)).not.toThrow();
    // once the merchant's address is no longer remembered (a day after its last token), it is new again
    expect(() => rightSecret(l, 'merchant', 1000)).toThrow(/every address/);
  });

  it('a refused attempt gives back the slots it had taken', () => {
    const l = limits(3, 4, 1);
    expect(fail(l, 'a', 0)).toBe(true);
    expect(fail(l, 'a', 0)).toBe(false); // refused by the address's failures: nothing else kept
    for (const b of ['b1', 'b2', 'b3']) expect(fail(l, b, 0)).toBe(true); // the client ceiling had 3 left of 4
    expect(fail(l, 'c', 0)).toBe(false);
  });

  const envOf = (vars: Record<string, string>) => loadEnv(vars as NodeJS.ProcessEnv);
  it('the environment refuses a per-(client, address) limit one address could reach the ceiling with', () => {
    expect(() => envOf({ KASSA_TOKEN_RATE_PER_CLIENT: '5', KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '5' })).toThrow(
      /KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS/,
    );
    expect(() => envOf({ KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '0' })).toThrow(
      /KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS/,
    );
    expect(
      envOf({ KASSA_TOKEN_RATE_PER_CLIENT: '0', KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: '0' })
        .KASSA_TOKEN_RATE_PER_CLIENT,
    ).toBe(0);
    expect(() => envOf({ KASSA_HEADERS_TIMEOUT_MS: '5000', KASSA_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /KASSA_HEADERS_TIMEOUT_MS/,
    );
    expect(envOf({})).toMatchObject({
      KASSA_HEADERS_TIMEOUT_MS: 20_000,
      KASSA_REQUEST_TIMEOUT_MS: 60_000,
      KASSA_MAX_CONNECTIONS: 1000,
    });
  });
});
