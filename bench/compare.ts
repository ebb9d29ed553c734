/**
 * `BENCH_BASELINE_REF=<ref> npm run bench:compare`: server CPU per request of GET session, GET
 * transaction, POST session and the lifecycle, before (the ref) and after (this work tree), in one
 * sitting (issue 25). Both production servers (API only, SQLite) run side by side as child processes;
 * the phases alternate between them, each phase before then after in even rounds and after then
 * before in odd ones, so drift in the machine's load hits both. Per phase: the median over the rounds
 * of after ÷ before with a 95 % interval, PASS when at most 1.05 (5 % worse); INVALID when any request
 * failed (non-2xx or socket error; the lifecycle names the step). Exits 0 when every phase passes, 2
 * otherwise, 1 when it could not measure. The ref's tree goes to a temporary directory
 * (bench/ref-tree.ts), removed at the end.
 *
 * A warm-up round (every phase once on each server, not counted) comes first. Both servers are pinned
 * to CPU 0 and the load generator to the last CPU (taskset), so placement is the same for both sides.
 *
 * Env [defaults]: BENCH_BASELINE_REF [HEAD], BENCH_AFTER_REF [unset: this work tree; a ref compares two
 * commits, the same ref twice is an A/A run that shows the noise], BENCH_ROUNDS [10], BENCH_SECONDS [2]
 * per measurement, BENCH_WARMUP_SECONDS [0.5] before each, BENCH_PIN [1; 0 leaves placement to the
 * scheduler], BENCH_QUIET_WAIT [0] seconds to wait for a calm machine before each round. About 4 minutes with the defaults, including the builds (plus `npm ci`
 * when a ref's package-lock.json differs). Results: bench/results/compare.json (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareRefTree, type RefTree } from './ref-tree';
import { comparePhase, MAX_WORSE, sideOrder, type Side } from './compare-verdict';
import { waitForQuiet } from './cpu';
import { CPU_PHASES, paidTransaction, type Target } from './cpu-phases';
import type { Measurement } from './measurement';
import { pinToCpu } from './proc';
import { startKassa, type KassaServer } from './server';

const ref = process.env.BENCH_BASELINE_REF || 'HEAD';
const afterRef = process.env.BENCH_AFTER_REF || undefined;
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 0.5);
const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? 0);
const pin = process.env.BENCH_PIN !== '0';
const step = (s: string) => console.log(`[bench:compare] ${s}`);

const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | undefined;
/** Stops the servers and removes the trees, once: a signal and the measurement failing because of it share the same run. */
const cleanUp = (): Promise<void> =>
  (cleaning ??= (async () => {
    for (const f of cleanups.splice(0).reverse())
      await Promise.resolve(f()).catch((e: unknown) => console.error(`[bench:compare] cleanup: ${String(e)}`));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

const started = async (what: Promise<KassaServer>): Promise<Target> => {
  const kassa = await what;
  cleanups.push(() => kassa.stop());
  return { kassa, transactionId: await paidTransaction(kassa) };
};

const pad = (s: string, n: number, left = false) => (left ? s.padStart(n) : s.padEnd(n));

const main = async (): Promise<number> => {
  step(`${rounds} rounds × ${CPU_PHASES.length} phases × 2 servers, ${seconds} s each after ${warmup} s of warm-up`);
  const tree = (r: string): RefTree => {
    const t = prepareRefTree(r, step);
    cleanups.push(() => t.remove());
    return t;
  };
  const baseline = tree(ref);
  // BENCH_AFTER_REF: two commits (the same one twice is an A/A run: what the noise alone gives)
  const after = afterRef === undefined ? undefined : afterRef === ref ? baseline : tree(afterRef);
  const targets: Record<Side, Target> = {
    before: await started(startKassa({ apiOnly: true, root: baseline.root })),
    after: await started(startKassa({ apiOnly: true, root: after?.root })),
  };
  if (pin) {
    const cpus = os.cpus().length;
    const pinned =
      cpus >= 2 &&
      [targets.before.kassa.pid, targets.after.kassa.pid].every((pid) => pinToCpu(pid, 0)) &&
      pinToCpu(process.pid, cpus - 1);
    step(
      pinned
        ? `both servers pinned to CPU 0, the load generator to CPU ${cpus - 1}`
        : 'could not pin the processes to CPUs (needs taskset and 2 CPUs); measuring unpinned',
    );
  }
  const afterName = after ? `${afterRef!} (${after.commit.slice(0, 12)})` : 'this work tree';
  step('warm-up round (not counted): every phase once on each server, so both JITs are warm before round 1');
  for (const phase of CPU_PHASES) for (const side of sideOrder(0)) await phase.measure(targets[side], seconds, 0);
  const runs = new Map(CPU_PHASES.map((p) => [p.key, [] as [Measurement, Measurement][]]));
  for (let round = 0; round < rounds; round++) {
    if (quietWait > 0) await waitForQuiet(quietWait);
    for (const phase of CPU_PHASES) {
      const got: Partial<Record<Side, Measurement>> = {};
      for (const side of sideOrder(round))
        got[side] = await phase.measure(targets[side], seconds, warmup, ` [${side}]`);
      runs.get(phase.key)!.push([got.before!, got.after!]);
      const us = (s: Side) => got[s]!.cpu!.serverUsPerOp.toFixed(0);
      step(
        `round ${round + 1}/${rounds} ${phase.label}: before ${us('before')} µs, after ${us('after')} µs, others ${Math.max(got.before!.cpu!.othersPct, got.after!.cpu!.othersPct).toFixed(0)} % of a core`,
      );
    }
  }
  const results = CPU_PHASES.map((p) => ({ phase: p.label, ...comparePhase(runs.get(p.key)!) }));
  console.log(
    `\nbefore: ${ref} (${baseline.commit.slice(0, 12)}); after: ${afterName}. Server CPU µs per request (mean of the rounds); after/before: median of the ${rounds} rounds' ratios`,
  );
  console.log(
    `${pad('phase', 46)}${pad('before', 7, true)}${pad('after', 7, true)}${pad('after/before', 14, true)}${pad('95 % interval', 15, true)}${pad('failed b/a', 13, true)}  result`,
  );
  for (const r of results)
    console.log(
      `${pad(r.phase, 46)}${pad(r.usPerOp.before.toFixed(0), 7, true)}${pad(r.usPerOp.after.toFixed(0), 7, true)}${pad(r.ratio.toFixed(3), 14, true)}${pad(r.ci95.map((x) => x.toFixed(2)).join('–'), 15, true)}${pad(`${r.failures.before}/${r.failures.after}`, 13, true)}  ${r.verdict}`,
    );
  for (const r of results) console.log(`  ${r.phase}: rounds ${r.rounds.map((x) => x.toFixed(2)).join(' ')}`);
  for (const [key, pairs] of runs)
    for (const m of pairs.flat()) if (m.failures > 0) console.log(`  ${key} ${m.name}: ${m.notes.join('; ')}`);
  const others = [...runs.values()].flat(2).map((m) => m.cpu?.othersPct ?? 0);
  const othersMean = others.reduce((a, b) => a + b, 0) / others.length;
  console.log(
    `other processes used ${othersMean.toFixed(0)} % of a core on average (at most ${Math.max(...others).toFixed(0)} %) while the phases ran`,
  );
  const wide = results
    .filter((r) => r.verdict !== 'INVALID' && r.ci95[0] <= 1 + MAX_WORSE && r.ci95[1] > 1 + MAX_WORSE)
    .map((r) => r.phase);
  if (wide.length)
    console.log(
      `the 95 % interval reaches past ${1 + MAX_WORSE} for: ${wide.join(', ')}; more rounds (BENCH_ROUNDS) or a quieter machine narrow it`,
    );
  const file = path.join(__dirname, 'results', 'compare.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), ref, commit: baseline.commit, after: afterName, rounds, seconds, warmup, results, runs: Object.fromEntries(runs) }, null, 2)}\n`,
  );
  step(`wrote ${file}`);
  return results.every((r) => r.verdict === 'PASS') ? 0 : 2;
};

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (e: unknown) => {
    await cleanUp();
    console.error(`[bench:compare] could not measure: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
