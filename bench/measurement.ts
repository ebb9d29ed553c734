import type { CpuWindow } from './cpu';

/** One measured phase, in the same units for HTTP load and raw storage (an insert counts as a request). */
export interface Measurement {
  name: string;
  /** Successful operations per second (HTTP 200 responses, or committed inserts). */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
  seconds: number;
  /** Non-200 responses plus socket errors/timeouts; any failure makes the measurement invalid. */
  failures: number;
  /** Status-code histogram, error samples, or other context worth printing. */
  notes: string[];
  cpu?: CpuWindow;
}

/** Nearest-rank percentile of an ascending-sorted array. */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
