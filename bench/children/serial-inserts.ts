import { percentile, type Measurement } from '../measurement';

/**
 * The loop both insert ceilings share: says 'start' to the parent, runs `insert` back to back for
 * `seconds` (awaiting it only when it returns a promise) and times each call; then `finish` (clean-up
 * that may return a note) and sends the Measurement over IPC.
 */
export const measureSerialInserts = async (opts: {
  name: string;
  seconds: number;
  insert: () => unknown;
  finish: () => Promise<string> | string;
}) => {
  process.send!('start');
  const latencies: number[] = [];
  const start = performance.now();
  for (let t = start; t < start + opts.seconds * 1000;) {
    const pending = opts.insert();
    if (pending instanceof Promise) await pending;
    const now = performance.now();
    latencies.push(now - t);
    t = now;
  }
  const elapsed = (performance.now() - start) / 1000;
  const note = await opts.finish();
  latencies.sort((a, b) => a - b);
  const result: Measurement = {
    name: opts.name,
    rate: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    count: latencies.length,
    seconds: elapsed,
    failures: 0,
    notes: [note],
  };
  process.send!(result, () => process.exit(0));
};
