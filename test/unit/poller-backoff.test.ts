import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnreachableError, isDatabaseUnavailable, retryWhileUnavailable } from '../../server/db/unavailable';
import { errorResult } from '../../server/http/error-response';
import { backoffMs, startPoller } from '../../server/shared/poller';

afterEach(() => {
  vi.useRealTimers();
});

describe('poller back-off (ADR 022)', () => {
  it('grows exponentially from min(idle, 1 s), is capped, and jitters between a half and the whole', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(250, n, 10_000, () => 0.999999))).toEqual([250, 500, 1000, 2000, 4000]);
    expect(backoffMs(250, 12, 10_000, () => 0.999999)).toBe(10_000);
    expect(backoffMs(250, 500, 10_000, () => 0)).toBe(5000);
    expect(backoffMs(3_600_000, 1, 10_000, () => 0.999999)).toBe(1000);
  });

  it('reports a failing streak once, waits longer after each failed step, and reports the recovery once', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let failing = 5;
    const errors: unknown[] = [];
    const recovered: number[] = [];
    const poller = startPoller(
      100,
      async () => {
        started.push(Date.now());
        if (failing-- > 0) throw new Error('connection refused');
        return 0;
      },
      (e) => errors.push(e),
      { onRecover: (n) => recovered.push(n), random: () => 0.999999 },
    );
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 1600 + 100 + 50);
    await poller.stop();
    expect(errors).toHaveLength(1);
    expect(recovered).toEqual([5]);
    const gaps = started.slice(1).map((t, i) => t - started[i]!);
    expect(gaps).toEqual([100, 200, 400, 800, 1600, 100]);
  });
});

describe('a database that cannot be reached is 503 SERVICE_UNAVAILABLE, nothing else is', () => {
  const pg = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  const sqlite = (code: string) => Object.assign(new Error('database is locked'), { code });
  it.each([
    ['pg admin shutdown', pg('57P01', 'terminating connection due to administrator command')],
    ['pg cannot connect now', pg('57P03')],
    ['pg too many connections', pg('53300')],
    ['pg connection failure', pg('08006')],
    ['refused', pg('ECONNREFUSED')],
    ['connection terminated', new Error('Connection terminated unexpectedly')],
    [
      'pool connect failed',
      new DatabaseUnreachableError(pg('55000', 'database "x" is not currently accepting connections')),
    ],
    ['sqlite busy', sqlite('SQLITE_BUSY')],
    ['sqlite busy snapshot', sqlite('SQLITE_BUSY_SNAPSHOT')],
    ['sqlite io error', sqlite('SQLITE_IOERR_WRITE')],
  ])('%s', (_, e) => {
    expect(isDatabaseUnavailable(e)).toBe(true);
    const logged: unknown[] = [];
    const r = errorResult(e, (err) => logged.push(err));
    expect(r).toEqual({
      status: 503,
      body: { error: { message: expect.any(String), code: 'SERVICE_UNAVAILABLE', errors: [] } },
      headers: { 'retry-after': '5' },
    });
    expect(JSON.stringify(r.body)).not.toMatch(/SQLITE|57P|08006|ECONN|terminat|locked/);
  });

  it.each([
    ['unique violation', pg('23505')],
    ['sqlite constraint', sqlite('SQLITE_CONSTRAINT_PRIMARYKEY')],
    ['a bug', new TypeError('undefined is not a function')],
    ['not an error', 'oops'],
  ])('%s stays a 500 and is logged', (_, e) => {
    expect(isDatabaseUnavailable(e)).toBe(false);
    const logged: unknown[] = [];
    expect(errorResult(e, (err) => logged.push(err)).status).toBe(500);
    expect(logged).toEqual([e]);
  });
});

describe('retryWhileUnavailable', () => {
  it('runs a write again while the database is unreachable, then returns its result', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const done = retryWhileUnavailable(async () => {
      if (++calls < 4) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
      return 'recorded';
    }, Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(250 + 500 + 1000);
    await expect(done).resolves.toBe('recorded');
    expect(calls).toBe(4);
  });

  it('throws any other error at once, and an outage error once the deadline is near', async () => {
    let calls = 0;
    const bug = new TypeError('boom');
    await expect(
      retryWhileUnavailable(async () => {
        calls++;
        throw bug;
      }, Date.now() + 60_000),
    ).rejects.toBe(bug);
    expect(calls).toBe(1);
    const down = Object.assign(new Error('x'), { code: '57P01' });
    await expect(retryWhileUnavailable(() => Promise.reject(down), Date.now() + 100)).rejects.toBe(down);
  });
});

describe('poller wake', () => {
  it('runs the next step at once instead of after the idle wait, and again after a step that was woken while running', async () => {
    vi.useFakeTimers();
    let steps = 0;
    let release: (() => void) | undefined;
    const poller = startPoller(
      60_000,
      async () => {
        steps += 1;
        if (steps === 2) await new Promise<void>((r) => (release = r));
        return 0;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(steps).toBe(1);
    poller.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(steps).toBe(2);
    poller.wake(); // while step 2 runs: one more step right after it
    release!();
    await vi.advanceTimersByTimeAsync(10);
    expect(steps).toBe(3);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(steps).toBe(3);
    await poller.stop();
  });

  it('is ignored while the poller backs off after a failure', async () => {
    vi.useFakeTimers();
    let steps = 0;
    const poller = startPoller(
      60_000,
      async () => {
        steps += 1;
        throw new Error('connection refused');
      },
      () => undefined,
      { random: () => 0.999999 },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(steps).toBe(1);
    poller.wake();
    await vi.advanceTimersByTimeAsync(500);
    expect(steps).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(steps).toBe(2);
    await poller.stop();
  });
});
