/**
 * `npx tsx bench/discounts.ts`: /healthz latency while discount evaluations run (issue 24 item 5, ADR 031).
 * Starts the production bundle (API only, SQLite, fresh database), gives one customer the worst-case rule set of
 * bench/discount-worst-case.ts at the work limit (100 rules × 500 items = 50 000 rule-item pairs), then:
 *   1. baseline: /healthz sampled one request at a time with nothing else running;
 *   2. load: 4 clients each POST available_for_receipt with the worst-case receipt, again as soon as answered, while
 *      /healthz is sampled the same way.
 * Reports /healthz p50/p99/max in both phases, the p99 ratio load/baseline, the evaluations' latency, and PASS when
 * the p99 under load is under 50 ms. Env: BENCH_DISCOUNT_SECONDS [20] per phase, BENCH_DISCOUNT_RULES [100],
 * BENCH_DISCOUNT_ITEMS [500], BENCH_DISCOUNT_CLIENTS [4], BENCH_QUIET_WAIT [15] seconds to wait for other processes to
 * calm down before each phase (the machine is shared: their CPU use is reported), BENCH_DATABASE_URL [unset: SQLite].
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForQuiet } from './cpu';
import { worstCaseReceipt, worstCaseRules } from './discount-worst-case';
import { ACCOUNT } from './fixtures';
import { percentile } from './measurement';
import { postJson, startKassa } from './server';

const seconds = Number(process.env.BENCH_DISCOUNT_SECONDS ?? 20);
const ruleCount = Number(process.env.BENCH_DISCOUNT_RULES ?? 100);
const itemCount = Number(process.env.BENCH_DISCOUNT_ITEMS ?? 500);
const clients = Number(process.env.BENCH_DISCOUNT_CLIENTS ?? 4);
const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? 15);
const TARGET_P99_MS = 50;
const step = (s: string) => console.log(`[bench:discounts] ${s}`);

interface Latencies {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

const summarize = (values: number[]): Latencies => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
};
const show = (l: Latencies) =>
  `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms (${l.samples} samples)`;

/** /healthz one request at a time (plus a 5 ms gap, as a health checker polls) until `until()`. */
const sampleHealthz = async (base: string, until: () => boolean): Promise<number[]> => {
  const out: number[] = [];
  while (!until()) {
    const t = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
    out.push(performance.now() - t);
    await sleep(5);
  }
  return out;
};

/** `clients` loops POSTing the receipt until `ms` have passed; posts back every answer's latency. */
const LOAD_CLIENTS = `
const { parentPort, workerData: w } = require('node:worker_threads');
const end = performance.now() + w.ms;
const times = [];
const client = async () => {
  while (performance.now() < end) {
    const t = performance.now();
    const res = await fetch(w.url, { method: 'POST', headers: w.headers, body: w.body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('available_for_receipt answered ' + res.status);
    times.push(performance.now() - t);
  }
};
Promise.all(Array.from({ length: w.clients }, client)).then(() => parentPort.postMessage(times), (e) => { throw e; });
`;

const quiet = async (phase: string) => {
  const busy = await waitForQuiet(quietWait);
  step(`${phase}: other processes use ${busy.toFixed(0)} % of a core`);
};

const main = async () => {
  const kassa = await startKassa({
    apiOnly: true,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    pgSchema: 'kassa_bench_discounts',
  });
  try {
    const auth = { authorization: `Bearer ${kassa.token}` };
    const discounts = `${kassa.base}/v1/accounts/${ACCOUNT}/discounts`;
    step(`creating ${ruleCount} worst-case rules for one customer`);
    for (const body of worstCaseRules(ruleCount)) {
      const rule = await postJson(`${discounts}/rules`, auth, body);
      await postJson(`${discounts}/rules/${String(rule.id)}/customers`, auth, { customers: ['bench-worst'] });
    }
    const receipt = JSON.stringify(worstCaseReceipt(itemCount, { customer_id: 'bench-worst' }));
    const evaluate = async (): Promise<{ ms: number; bytes: number }> => {
      const t = performance.now();
      const res = await fetch(`${discounts}/available_for_receipt`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: receipt,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`available_for_receipt answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms: performance.now() - t, bytes: text.length };
    };
    const first = await evaluate(); // warm-up, and the answer's size
    step(`one evaluation alone: ${first.ms.toFixed(0)} ms, answer ${(first.bytes / 1e6).toFixed(1)} MB`);

    await quiet('baseline');
    step(`baseline: /healthz for ${seconds} s with nothing else running`);
    const baselineEnd = performance.now() + seconds * 1000;
    const baseline = summarize(await sampleHealthz(kassa.base, () => performance.now() > baselineEnd));

    await quiet('load');
    step(`load: ${clients} clients evaluating ${ruleCount} rules × ${itemCount} items back to back for ${seconds} s`);
    // The clients run on a worker thread, so reading their large answers never delays this thread's /healthz timing.
    const load = new Worker(LOAD_CLIENTS, {
      eval: true,
      workerData: {
        url: `${discounts}/available_for_receipt`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: receipt,
        clients,
        ms: seconds * 1000,
      },
    });
    let running = true;
    const finished = new Promise<number[]>((resolve, reject) => {
      load.once('message', (m: number[]) => resolve(m));
      load.once('error', reject);
    }).finally(() => (running = false));
    await sleep(200); // every client has sent its first request
    const loaded = summarize(await sampleHealthz(kassa.base, () => !running));
    const evaluations = await finished;
    await load.terminate();

    const evals = summarize(evaluations);
    const ratio = baseline.p99 > 0 ? loaded.p99 / baseline.p99 : Number.NaN;
    console.log('');
    console.log(`/healthz baseline (no load):        ${show(baseline)}`);
    console.log(`/healthz with ${clients} evaluations running: ${show(loaded)}`);
    console.log(`p99 ratio load / baseline:          ${ratio.toFixed(1)}×`);
    console.log(`evaluations (${ruleCount} rules × ${itemCount} items): ${show(evals)}`);
    console.log(
      `${loaded.p99 < TARGET_P99_MS ? 'PASS' : 'MISS'}: /healthz p99 under load ${loaded.p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms)`,
    );
  } finally {
    await kassa.stop();
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
