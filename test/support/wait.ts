/**
 * How long a test waits for something that is to happen (a callback, a worker's step, a process that
 * starts) before it fails, and how long one test may take. Every wait in the suite is on a condition and
 * takes its deadline from here, never "it should have happened by now": a wait that holds returns at
 * once, so a generous deadline costs nothing on a fast machine and lets the suite pass on one many times
 * slower or busier (issue 24, item 11; test/unit/test-waits.test.ts keeps it so).
 * KASSA_TEST_WAIT_MS overrides the wait; a test's limit is four waits.
 */
export const WAIT_MS = Number(process.env.KASSA_TEST_WAIT_MS ?? 60_000);
export const TEST_TIMEOUT_MS = 4 * WAIT_MS;
/** One try of a check that is retried until WAIT_MS (e.g. reload a page, then look): short, since it is tried again. */
export const PROBE_MS = 1000;
