/**
 * Issue 25: `npm run bench:compare` runs the baseline (A) and the work tree (B) alternately and judges each
 * phase on its server CPU per request, B over A; the lifecycle names each step's non-2xx answers.
 */
import { describe, expect, it } from 'vitest';
import { comparePhase, MAX_WORSE, sideOrder } from '../../bench/compare-verdict';
import { lifecycleRequests, type StepFailures } from '../../bench/lifecycle';
import { CONNECTIONS } from '../../bench/load';
import type { Measurement } from '../../bench/measurement';
import { BENCH_ALLOWANCES } from '../../bench/server';

const m = (usPerOp: number, failures = 0, count = 1000): Measurement => ({
  name: 'x',
  rate: 1,
  p50Ms: 1,
  p99Ms: 1,
  count,
  seconds: 1,
  failures,
  notes: [],
  cpu: { serverPct: 90, serverUsPerOp: usPerOp, clientPct: 50, othersPct: 0 },
});

describe('comparePhase', () => {
  it('is the median of the rounds’ after/before ratios, PASS up to 5 % worse and MISS beyond', () => {
    expect(MAX_WORSE).toBe(0.05);
    const pass = comparePhase([
      [m(100), m(104)],
      [m(100), m(200)],
      [m(100), m(99)],
    ]);
    expect(pass.ratio).toBeCloseTo(1.04);
    expect(pass.rounds.map((r) => Number(r.toFixed(2)))).toEqual([1.04, 2, 0.99]);
    expect(pass.verdict).toBe('PASS');
    expect(comparePhase([[m(100), m(105)]]).verdict).toBe('PASS');
    expect(comparePhase([[m(100), m(106)]]).verdict).toBe('MISS');
    expect(comparePhase([[m(100), m(80)]]).verdict).toBe('PASS');
  });

  it('gives a distribution-free 95 % interval of the median: order statistics of the round ratios', () => {
    const ten = comparePhase(
      [0.9, 1.3, 1, 0.95, 1.02, 1.1, 0.98, 1.05, 0.85, 1.01].map(
        (r) => [m(100), m(100 * r)] as [Measurement, Measurement],
      ),
    );
    expect(ten.ratio).toBeCloseTo(1.005);
    expect(ten.ci95[0]).toBeCloseTo(0.9);
    expect(ten.ci95[1]).toBeCloseTo(1.1);
    const two = comparePhase([
      [m(100), m(90)],
      [m(100), m(120)],
    ]);
    expect(two.ci95.map((x) => Number(x.toFixed(2)))).toEqual([0.9, 1.2]);
  });

  it('is INVALID when either side of any round had a failed request or measured nothing', () => {
    expect(
      comparePhase([
        [m(100), m(100)],
        [m(100, 3), m(100)],
      ]).verdict,
    ).toBe('INVALID');
    expect(comparePhase([[m(100), m(100, 0, 0)]]).verdict).toBe('INVALID');
    expect(comparePhase([[m(100), m(100, 1)]]).failures).toEqual({ before: 0, after: 1 });
  });
});

describe('sideOrder', () => {
  it('alternates which side goes first, round by round, so drift in load hits both', () => {
    expect([0, 1, 2, 3].map(sideOrder)).toEqual([
      ['before', 'after'],
      ['after', 'before'],
      ['before', 'after'],
      ['after', 'before'],
    ]);
  });
});

describe('lifecycleRequests', () => {
  it('counts each step’s non-2xx answers with the first body, and passes the ids on as before', () => {
    const failures: StepFailures = new Map();
    const steps = lifecycleRequests('t', failures);
    const context: Record<string, unknown> = {};
    steps[0]!.onResponse!(200, JSON.stringify({ id: 's1' }), context);
    steps[1]!.onResponse!(200, '{}', context);
    steps[2]!.onResponse!(429, '{"error":{"code":"TOO_MANY_REQUESTS"}}', context);
    steps[3]!.onResponse!(400, 'first', context);
    steps[3]!.onResponse!(400, 'second', context);
    expect(context).toMatchObject({ sid: 's1', tid: 'none' });
    expect([...failures]).toEqual([
      ['pay 429', { count: 1, sample: '{"error":{"code":"TOO_MANY_REQUESTS"}}' }],
      ['capture 400', { count: 2, sample: 'first' }],
    ]);
  });
});

describe('the bench server', () => {
  it('gets a pay-attempt allowance per address far above its concurrent lifecycle connections (all from 127.0.0.1)', () => {
    expect(Number(BENCH_ALLOWANCES.KASSA_PAY_ATTEMPTS_PER_ADDRESS)).toBeGreaterThan(100 * CONNECTIONS);
  });
});
