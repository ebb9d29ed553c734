export interface Poller {
  stop(): Promise<void>;
  /** Runs the next step now (or right after the step in progress) instead of after the idle wait; ignored while backing off. */
  wake(): void;
}

export interface PollerOptions {
  /** Called once when steps succeed again after failing: how many failed in a row, over how long. */
  onRecover?: (failedSteps: number, failingForMs: number) => void;
  /** The longest wait between two failing steps (default 10 s). */
  maxBackoffMs?: number;
  /** Random in [0, 1); tests pass a fixed one. */
  random?: () => number;
}

/** The first retry after a failure waits at most this long, even when `idleMs` is longer (the purge's hour). */
const FIRST_RETRY_MAX_MS = 1000;

/**
 * The wait before the next step after `failures` failed steps in a row (ADR 022): exponential from
 * min(idleMs, 1 s), capped at `maxMs`, with jitter (a half to the whole of it) so processes sharing
 * a database that comes back do not all retry in step.
 */
export const backoffMs = (
  idleMs: number,
  failures: number,
  maxMs: number,
  random: () => number = Math.random,
): number => {
  const base = Math.min(idleMs, FIRST_RETRY_MAX_MS);
  const full = Math.min(maxMs, base * 2 ** Math.min(failures - 1, 30));
  return Math.round(full * (0.5 + random() / 2));
};

/**
 * Runs `work` repeatedly: again at once while it reports progress, otherwise after `idleMs`.
 * A failed step (the database unreachable, or a bug) goes to `onError` (with its stack) when the
 * poller starts failing, not on every failed step; the loop goes on with exponential back-off
 * (`backoffMs`) until a step succeeds again, which `onRecover` reports. `stop()` resolves once the
 * step in progress has finished; no new step starts after it is called.
 */
export const startPoller = (
  idleMs: number,
  work: () => Promise<number>,
  onError: (err: unknown) => void,
  opts: PollerOptions = {},
): Poller => {
  const maxBackoff = Math.max(opts.maxBackoffMs ?? 10_000, 1);
  let stopped = false;
  let wake: (() => void) | undefined;
  let again = false;
  let failures = 0;
  let failingSince = 0;
  const loop = async () => {
    while (!stopped) {
      let wait = idleMs;
      again = false;
      try {
        const progress = await work();
        if (failures > 0) opts.onRecover?.(failures, Date.now() - failingSince);
        failures = 0;
        if (progress > 0 || again) continue;
      } catch (e) {
        if (failures === 0) {
          failingSince = Date.now();
          onError(e);
        }
        failures += 1;
        wait = backoffMs(idleMs, failures, maxBackoff, opts.random);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
    wake() {
      if (stopped || failures > 0) return;
      again = true;
      wake?.();
    },
  };
};
