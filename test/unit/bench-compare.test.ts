/**
 * Issue 25: `npm run bench:compare` runs the baseline (A) and the work tree (B) alternately and judges each
 * phase on its server CPU per request, B over A; the lifecycle names each step's non-2xx answers.
 */
import { describe, expect, it } from 'vitest';
import { comparePhase, MAX_WORSE, sideOrder } from '../../bench/compare-verdict';
import { lifecycleRequests, type StepFailures } from '../../bench/lifecycle';
import type { Measurement } from '../../bench/measurement';

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
