import type { Steps } from '../../domain/discounts';

/**
 * Cooperative time slicing for CPU-bound work on the event loop (issue 24 item 5, ADR 031). The discount engine is
 * a generator that pauses after every bounded step (one rule, one item); this runs its steps for at most SLICE_MS,
 * then waits for its turn. Turns are taken one per event-loop iteration, first come first served, so pending I/O
 * (a /healthz, another request) runs between any two slices: a request waits for about one slice however many
 * evaluations run at once, never for a whole evaluation. No worker thread: nothing to bundle separately, nothing
 * to copy between threads (ADR 031).
 */
export const SLICE_MS = 2;

const waiting: (() => void)[] = [];
let scheduled = false;

/** Resumes the longest-waiting slice; the next one gets the next event-loop iteration (after its I/O). */
const takeTurn = (): void => {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  next?.();
};

const schedule = (): void => {
  if (scheduled) return;
  scheduled = true;
  setImmediate(takeTurn);
};

/** Resolves on this caller's turn: one slice per event-loop iteration, in the order they asked. */
const nextTurn = (): Promise<void> =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    schedule();
  });

/** Evaluations started and finished in this process: lets a test see whether one was running when it sent a request. */
const progress = { started: 0, finished: 0 };
export const discountEvaluations = (): { started: number; finished: number } => ({ ...progress });

/** A clock for one piece of work: `pause()` gives the event loop a turn once SLICE_MS has passed since the last one. */
export const timeSlices = () => {
  let sliceStart = performance.now();
  return {
    async pause(): Promise<void> {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await nextTurn();
      sliceStart = performance.now();
    },
  };
};

export type Slices = ReturnType<typeof timeSlices>;

/** Runs the steps to their result, a slice at a time. */
export const runSteps = async <T>(steps: Steps<T>, slices: Slices = timeSlices()): Promise<T> => {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await slices.pause();
  }
};

/** One discount evaluation (counted for discountEvaluations) run in slices: `work` gets the slicer to pause with. */
export const runInSlices = async <T>(work: (slices: Slices) => Promise<T>): Promise<T> => {
  progress.started++;
  try {
    return await work(timeSlices());
  } finally {
    progress.finished++;
  }
};
