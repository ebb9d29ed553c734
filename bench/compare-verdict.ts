import type { Measurement } from './measurement';

/** Issue 25: after may cost at most 5 % more server CPU per request than before. */
export const MAX_WORSE = 0.05;

export type Side = 'before' | 'after';

/** Which side measures first in round `round`: before first in even rounds, after first in odd ones (A B, B A, A B, …). */
export const sideOrder = (round: number): [Side, Side] => (round % 2 === 0 ? ['before', 'after'] : ['after', 'before']);

export interface PhaseComparison {
  /** Median over the rounds of after ÷ before server CPU µs per request. */
  ratio: number;
  /** Each round's after ÷ before, in round order. */
  rounds: number[];
  /** A distribution-free 95 % interval of that median (order statistics; with few rounds just their range). */
  ci95: [number, number];
  /** Mean µs per request of each side over the rounds. */
  usPerOp: Record<Side, number>;
  failures: Record<Side, number>;
  verdict: 'PASS' | 'MISS' | 'INVALID';
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** The k-th smallest and k-th largest of n with k = ⌊(n + 1 − 1.96 √n) / 2⌋ (at least 1): about 95 % coverage of the median. */
const medianInterval = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  const k = Math.max(1, Math.floor((s.length + 1 - 1.96 * Math.sqrt(s.length)) / 2));
  return [s[k - 1]!, s[s.length - k]!];
};
const usPerOp = (m: Measurement) => m.cpu?.serverUsPerOp ?? NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * One phase over the rounds, each round a [before, after] pair measured back to back. The median of
 * the per-round ratios: a round that another process disturbed moves it little. INVALID when any
 * measurement of either side had a failed request or counted nothing, as in `npm run bench`.
 */
export const comparePhase = (pairs: [Measurement, Measurement][]): PhaseComparison => {
  const rounds = pairs.map(([before, after]) => usPerOp(after) / usPerOp(before));
  const ratio = median(rounds);
  const failures = {
    before: pairs.reduce((n, [b]) => n + b.failures, 0),
    after: pairs.reduce((n, [, a]) => n + a.failures, 0),
  };
  const invalid = pairs.some((pair) => pair.some((x) => x.failures > 0 || x.count === 0)) || !Number.isFinite(ratio);
  return {
    ratio,
    rounds,
    ci95: medianInterval(rounds),
    usPerOp: { before: mean(pairs.map(([b]) => usPerOp(b))), after: mean(pairs.map(([, a]) => usPerOp(a))) },
    failures,
    verdict: invalid ? 'INVALID' : ratio <= 1 + MAX_WORSE + 1e-9 ? 'PASS' : 'MISS',
  };
};
