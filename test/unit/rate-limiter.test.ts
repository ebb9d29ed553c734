import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../server/auth/rate-limiter';

describe('token bucket rate limiter', () => {
  it('allows perMinute at once, then says how long to wait, and allows again after that wait', () => {
    const limiter = createRateLimiter(3);
    const t0 = 1_000_000;
    expect([limiter.take('a', t0), limiter.take('a', t0), limiter.take('a', t0)]).toEqual([undefined, undefined, undefined]);
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
    expect([limiter.take('b', later), limiter.take('b', later), limiter.take('b', later)]).toEqual([undefined, undefined, 30]);
    const off = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take('x', 0)).toBeUndefined();
  });

  it('wait tells the same as take without taking anything', () => {
    const limiter = createRateLimiter(2);
    expect(limiter.wait('a', 0)).toBeUndefined();
    for (let i = 0; i < 5; i++) expect(limiter.wait('a', 0)).toBeUndefined(); // waiting takes nothing
    expect([limiter.take('a', 0), limiter.take('a', 0)]).toEqual([undefined, undefined]);
    expect(limiter.wait('a', 0)).toBe(30);
    expect(limiter.wait('a', 10_000)).toBe(20);
    expect(limiter.wait('a', 30_000)).toBeUndefined();
    expect(limiter.take('a', 30_000)).toBeUndefined();
    expect(createRateLimiter(0).wait('a', 0)).toBeUndefined();
  });
});
