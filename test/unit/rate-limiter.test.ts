import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../server/auth/rate-limiter';

describe('token bucket rate limiter', () => {
  it('allows perMinute at once, then says how long to wait, and allows again after that wait', () => {
    const limiter = createRateLimiter(3);
    const t0 = 1_000_000;
    expect([limiter.take('a', t0), limiter.take('a', t0), limiter.take('a', t0)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const wait = limiter.take('a', t0);
    expect(wait).toBe(20); // 3 a minute: one every 20 s
    expect(limiter.take('a', t0 + 19_000)).toBeGreaterThan(0);
    expect(limiter.take('a', t0 + 40_000)).toBeUndefined();
  });

  it('keeps keys apart, never limits with 0, and refills no more than perMinute', () => {
    const limiter = createRateLimiter(2);
    expect([limiter.take('a', 0), limiter.take('a', 0), limiter.take('a', 0)]).toEqual([undefined, undefined, 30]);
    expect(limiter.take('b', 0)).toBeUndefined();
    const later = 3_600_000;
    expect([limiter.take('b', later), limiter.take('b', later), limiter.take('b', later)]).toEqual([
      undefined,
      undefined,
      30,
    ]);
    const off = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take('x', 0)).toBeUndefined();
  });

  it('giveBack returns what take took, never above a full bucket, and the wait take tells counts it in', () => {
    const limiter = createRateLimiter(2);
    expect([limiter.take('a', 0), limiter.take('a', 0), limiter.take('a', 0)]).toEqual([undefined, undefined, 30]);
    limiter.giveBack('a', 0);
    expect([limiter.take('a', 0), limiter.take('a', 0)]).toEqual([undefined, 30]);
    limiter.giveBack('a', 10_000); // 1/3 refilled by then, plus the one given back
    expect([limiter.take('a', 10_000), limiter.take('a', 10_000)]).toEqual([undefined, 20]);
    for (let i = 0; i < 5; i++) limiter.giveBack('a', 60_000);
    expect([limiter.take('a', 60_000), limiter.take('a', 60_000), limiter.take('a', 60_000)]).toEqual([
      undefined,
      undefined,
      30,
    ]);
    limiter.giveBack('never-taken', 0); // nothing to return: full already
    expect([limiter.take('never-taken', 0), limiter.take('never-taken', 0), limiter.take('never-taken', 0)]).toEqual([
      undefined,
      undefined,
      30,
    ]);
    createRateLimiter(0).giveBack('a', 0);
  });

  it('refills by the clock it was given when a call passes no time', () => {
    let at = 0;
    const limiter = createRateLimiter(2, () => at);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([undefined, undefined, 30]);
    at = 29_999; // not yet a whole request back
    expect(limiter.take('a')).toBe(1);
    at = 30_000;
    expect(limiter.take('a')).toBeUndefined();
  });
});
