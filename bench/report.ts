import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ListResults } from './lists';
import type { Measurement } from './measurement';
import type { MemoryReport } from './rss';

/** Issue 12's targets. Ratios compare phases of the same run; latencies are at 50 connections. */
export const TARGETS = {
  getPctOfA: 33,
  postPctOfB: 100,
  postCpuUs: 200,
  getP99Ms: 10,
  postP99Ms: 25,
  lifecyclePctOfGet: 20,
  callbackP99Ms: 100,
  /** "flat": p50 and p99 latency at the large size at most this many times the small size's, and throughput at least 1/this. */
  listGrowth: 1.5,
  peakRssMb: 400,
} as const;

/** One engine's phases. `ceilingB` is that engine's single-row durable insert. */
export interface EngineResults {
  engine: 'SQLite' | 'PostgreSQL';
  ceilingB: Measurement;
  getSession: Measurement;
  getTransaction: Measurement;
  post: Measurement;
  lifecycle?: Measurement;
  callbacks?: Measurement;
  lists?: ListResults;
}

export interface Results {
  ceilingA: Measurement;
  engines: EngineResults[];
  memory: MemoryReport;
}

interface Check {
  check: string;
  value: string;
  target: string;
  result: 'PASS' | 'MISS' | 'INVALID';
}

const pct = (a: Measurement, b: Measurement) => (100 * a.rate) / b.rate;
/** INVALID when a phase had failures or measured nothing at all (e.g. every request timed out). */
const verdict = (ok: boolean, ...ms: Measurement[]): Check['result'] =>
  ms.some((m) => m.failures > 0 || m.count === 0) ? 'INVALID' : ok ? 'PASS' : 'MISS';

const measurements = (r: Results): Measurement[] => [
  r.ceilingA,
  ...r.engines.flatMap((e) => [
    e.ceilingB,
    e.getSession,
    e.getTransaction,
    e.post,
    ...(e.lifecycle ? [e.lifecycle] : []),
    ...(e.callbacks ? [e.callbacks] : []),
    ...(e.lists?.pairs.flatMap(([, a, b]) => [a, b]) ?? []),
  ]),
];

/** Phases during which something else on the machine competed for the 2 cores. */
const noisy = (r: Results): Measurement[] => measurements(r).filter((m) => (m.cpu?.othersPct ?? 0) > 15);

const engineChecks = (a: Measurement, e: EngineResults): Check[] => {
  const tag = e.engine === 'SQLite' ? '' : ` (${e.engine})`;
  const out: Check[] = [];
  const ratio = (check: string, m: Measurement, base: Measurement, target: number) => {
    const v = pct(m, base);
    out.push({
      check: `${check}${tag}`,
      value: `${v.toFixed(1)} %`,
      target: `>= ${target} %`,
      result: verdict(v >= target, m, base),
    });
  };
  const p99 = (check: string, m: Measurement, target: number) =>
    out.push({
      check: `${check} p99${tag}`,
      value: `${m.p99Ms.toFixed(1)} ms`,
      target: `< ${target} ms`,
      result: verdict(m.p99Ms < target, m),
    });
  ratio('GET session as % of ceiling A', e.getSession, a, TARGETS.getPctOfA);
  ratio('GET transaction as % of ceiling A', e.getTransaction, a, TARGETS.getPctOfA);
  ratio('POST session as % of ceiling B', e.post, e.ceilingB, TARGETS.postPctOfB);
  const cpu = e.post.cpu?.serverUsPerOp ?? NaN;
  out.push({
    check: `POST session CPU per request${tag}`,
    value: `${cpu.toFixed(0)} µs`,
    target: `< ${TARGETS.postCpuUs} µs`,
    result: verdict(cpu < TARGETS.postCpuUs, e.post),
  });
  p99('GET session', e.getSession, TARGETS.getP99Ms);
  p99('GET transaction', e.getTransaction, TARGETS.getP99Ms);
  p99('POST session', e.post, TARGETS.postP99Ms);
  if (e.lifecycle)
    ratio('Lifecycle requests as % of GET session', e.lifecycle, e.getSession, TARGETS.lifecyclePctOfGet);
  if (e.callbacks) p99('Callback after authorization', e.callbacks, TARGETS.callbackP99Ms);
  const size = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1000}k`);
  for (const [name, small, large] of e.lists?.pairs ?? []) {
    const sizes = `${size(e.lists!.large)}/${size(e.lists!.small)}${tag}`;
    // latency may not grow, nor may throughput fall, by more than listGrowth from the small to the large table
    const growth: [string, number][] = [
      ['p50', large.p50Ms / Math.max(small.p50Ms, 0.001)],
      ['p99', large.p99Ms / Math.max(small.p99Ms, 0.001)],
      ['req/s', small.rate / Math.max(large.rate, 0.001)],
    ];
    for (const [what, g] of growth)
      out.push({
        check: `${name} ${what} ${sizes}`,
        value: what === 'req/s' ? `${(1 / g).toFixed(2)}x` : `${g.toFixed(2)}x`,
        target: what === 'req/s' ? `>= ${(1 / TARGETS.listGrowth).toFixed(2)}x` : `<= ${TARGETS.listGrowth}x`,
        result: verdict(g <= TARGETS.listGrowth, small, large),
      });
  }
  return out;
};

export const checks = (r: Results): Check[] => [
  ...r.engines.flatMap((e) => engineChecks(r.ceilingA, e)),
  {
    check: 'Peak RSS (VmHWM)',
    value: `${r.memory.peakMb.toFixed(0)} MB`,
    target: `<= ${TARGETS.peakRssMb} MB`,
    result: verdict(r.memory.peakMb <= TARGETS.peakRssMb),
  },
];

const table = (rows: Record<string, string>[]): string => {
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells.map((s, i) => (i === 0 ? s.padEnd(width[i]!) : s.padStart(width[i]!))).join('  ');
  return [line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => r[c]!)))].join(
    '\n',
  );
};

export const printReport = (r: Results): void => {
  const ms = measurements(r);
  console.log(
    `\n${table(
      ms.map((m) => ({
        measurement: m.name,
        'req/s': m.rate.toFixed(0),
        'p50 ms': m.p50Ms.toFixed(2),
        'p99 ms': m.p99Ms.toFixed(2),
        'server µs CPU/req': m.cpu ? m.cpu.serverUsPerOp.toFixed(0) : '-',
        ok: String(m.count),
        failures: String(m.failures),
      })),
    )}`,
  );
  for (const m of ms) for (const n of m.notes) console.log(`  ${m.name}: ${n}`);
  for (const e of r.engines)
    if (e.lists)
      console.log(
        `  ${e.engine}: ${e.lists.large.toLocaleString('en')} sessions and transactions seeded in ${e.lists.seedSeconds.toFixed(0)} s`,
      );
  const mem = r.memory;
  console.log(
    `\nKassa RSS (SQLite run): idle ${mem.idleMb.toFixed(0)} MB, peak sampled ${mem.peakSampledMb.toFixed(0)} MB, VmHWM ${mem.hwmMb.toFixed(0)} MB`,
  );
  console.log(`\n${table(checks(r).map((c) => ({ ...c })))}\n`);
  for (const m of noisy(r))
    console.log(
      `WARNING: other processes used ${m.cpu!.othersPct.toFixed(0)} % of a core during "${m.name}": the numbers are unreliable; rerun on a quiet machine.`,
    );
};

/** Writes bench/results/latest.json (git-ignored). */
export const writeReport = (r: Results, config: Record<string, unknown>): string => {
  const file = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    totalMemMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, config, ...r, checks: checks(r), noisyPhases: noisy(r).map((m) => m.name) }, null, 2)}\n`,
  );
  return file;
};
