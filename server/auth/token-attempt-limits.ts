import { tooManyAttempts } from '../shared/window-limit';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * The token endpoint's limits (the spec's Limits: 429 with Retry-After when called too often; ADR 020,
 * amended by issue 24). A wrong secret is counted where it came from, so that an attacker who knows a
 * client id throttles only themselves:
 * - every request per source address (`KASSA_TOKEN_RATE_PER_ADDRESS`);
 * - failed attempts per source address, whichever client (`KASSA_TOKEN_FAILURES_PER_ADDRESS`);
 * - failed attempts per (account path, client id, source address) (`KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS`);
 * - the ceiling: failed attempts per (account path, client id) from every address (`KASSA_TOKEN_RATE_PER_CLIENT`),
 *   above one address's own limit (env.ts refuses otherwise), so one address cannot reach it alone.
 *   An address that got a token for the client within the last day passes the ceiling (not its own limits):
 *   many attacking addresses together do not lock out the merchant's server either. Those addresses are kept
 *   in the database (`good_addresses`, server/auth/sign-in-limits.ts; issue 37 item 13), so a restart or
 *   another process knows them too; the counts themselves are this process's.
 * A failure slot is reserved before the secret is compared and given back when the secret was right, so a
 * burst gets no more compares than the limit and the right secret never uses a limit up.
 */
export interface TokenRateLimits {
  perAddress: RateLimiter;
  failuresPerAddress: RateLimiter;
  failuresPerClientAddress: RateLimiter;
  failuresPerClient: RateLimiter;
}

export interface TokenLimitSettings {
  KASSA_TOKEN_RATE_PER_ADDRESS: number;
  KASSA_TOKEN_FAILURES_PER_ADDRESS: number;
  KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS: number;
  KASSA_TOKEN_RATE_PER_CLIENT: number;
}

/** How long an address that got a token for a client passes the client's ceiling. */
export const REMEMBER_SUCCESS_MS = 24 * 3600_000;

/** `clock`: the time the buckets refill by (createRateLimiter); a call that passes a time uses that. */
export const createTokenRateLimits = (env: TokenLimitSettings, clock?: () => number): TokenRateLimits => ({
  perAddress: createRateLimiter(env.KASSA_TOKEN_RATE_PER_ADDRESS, clock),
  failuresPerAddress: createRateLimiter(env.KASSA_TOKEN_FAILURES_PER_ADDRESS, clock),
  failuresPerClientAddress: createRateLimiter(env.KASSA_TOKEN_FAILURES_PER_CLIENT_ADDRESS, clock),
  failuresPerClient: createRateLimiter(env.KASSA_TOKEN_RATE_PER_CLIENT, clock),
});

/** Every token request takes one slot of its address first (before it is even parsed). */
export const takeAddressSlot = (limits: TokenRateLimits, address: string, now?: number): void => {
  const wait = limits.perAddress.take(address, now);
  if (wait !== undefined) throw tooManyAttempts('Too many token requests from this address', wait);
};

export interface TokenAttempt {
  accountId: string;
  clientId: string;
  address: string;
  /** The address got a token for the client lately (goodAddressKey in `good_addresses`): it passes the ceiling. */
  remembered?: boolean;
}

/** The `good_addresses` key of a client's address (the token endpoint and the demo back office's login share it). */
export const goodAddressKey = (attempt: Omit<TokenAttempt, 'remembered'>): string =>
  `client:${attempt.accountId}/${attempt.clientId}/${attempt.address}`;

export interface ReservedAttempt {
  /** The secret was right: the slots go back (the caller remembers the address, rememberGoodAddress). */
  succeeded(at?: number): void;
  /** The attempt ended before the secret was judged (the database failed): the slots go back. */
  notCounted(at?: number): void;
}

/**
 * Reserves one failure slot in each bucket the attempt counts in, or throws 429 (giving back what
 * it took). A wrong secret keeps them.
 */
export const reserveFailureSlots = (limits: TokenRateLimits, attempt: TokenAttempt, now?: number): ReservedAttempt => {
  const client = `${attempt.accountId}/${attempt.clientId}`;
  const clientAddress = `${client}/${attempt.address}`;
  const remembered = attempt.remembered === true;
  const steps: [RateLimiter, string, string][] = [
    [limits.failuresPerAddress, attempt.address, 'Too many failed token requests from this address'],
    [
      limits.failuresPerClientAddress,
      clientAddress,
      'Too many failed token requests for this client from this address',
    ],
  ];
  if (!remembered)
    steps.push([limits.failuresPerClient, client, 'Too many failed token requests for this client from every address']);
  const taken: [RateLimiter, string][] = [];
  const giveBack = (at?: number) => taken.forEach(([limiter, key]) => limiter.giveBack(key, at));
  for (const [limiter, key, what] of steps) {
    const wait = limiter.take(key, now);
    if (wait !== undefined) {
      giveBack(now);
      throw tooManyAttempts(what, wait);
    }
    taken.push([limiter, key]);
  }
  return {
    notCounted: (at?: number) => giveBack(at),
    succeeded: (at?: number) => giveBack(at),
  };
};
