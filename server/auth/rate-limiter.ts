/**
 * A token bucket per key (a client id, a source address): `perMinute` requests a minute on
 * average, up to `perMinute` at once after a quiet spell. Kept in this process's memory: with
 * several Kassa processes each enforces its own share. Buckets that are full again are forgotten.
 * `clock` is the time the buckets refill by when a call gives none (a test holds it still).
 */
export interface RateLimiter {
  /** Takes one request for `key`: undefined when allowed, else the seconds until one would be. */
  take(key: string, nowMs?: number): number | undefined;
  /** Puts back one request `take` took (a reservation that turned out not to count); never above the full bucket. */
  giveBack(key: string, nowMs?: number): void;
}

const MAX_KEYS = 10_000;

export const createRateLimiter = (perMinute: number, clock: () => number = Date.now): RateLimiter => {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const forgetFull = (now: number) => {
    for (const [key, b] of buckets) if (b.tokens + (now - b.at) * perMs >= perMinute) buckets.delete(key);
  };
  const secondsUntilOne = (tokens: number) => Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  return {
    take(key, now = clock()) {
      if (perMinute <= 0) return undefined;
      const b = buckets.get(key) ?? { tokens: perMinute, at: now };
      b.tokens = Math.min(perMinute, b.tokens + Math.max(0, now - b.at) * perMs);
      b.at = now;
      if (b.tokens < 1) {
        buckets.set(key, b);
        return secondsUntilOne(b.tokens);
      }
      b.tokens -= 1;
      buckets.set(key, b);
      if (buckets.size > MAX_KEYS) forgetFull(now);
      return undefined;
    },
    giveBack(key, now = clock()) {
      const b = buckets.get(key);
      if (perMinute <= 0 || !b) return; // no bucket: it is full (forgotten)
      b.tokens = Math.min(perMinute, b.tokens + Math.max(0, now - b.at) * perMs + 1);
      b.at = now;
    },
  };
};
