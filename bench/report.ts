import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measurement';
import type { MemoryReport } from './rss';

export const TARGETS = { getPctOfA: 25, postPctOfB: 50, peakRssMb: 400 } as const;

export interface Results {
  ceilingA: Measurement;
  ceilingB: Measurement;
  get: Measurement;
  post: Measurement;
  memory: MemoryReport;
}

interface Check {
  check: string;
  value: string;
  target: string;
  result: 'PASS' | 'MISS' | 'INVALID';
}

const pct = (a: Measurement, b: Measurement) => (100 * a.rate) / b.rate;
const verdict = (ok: boolean, ...ms: Measurement[]): Check['result'] => (ms.some((m) => m.failures > 0) ? 'INVALID' : ok ? 'PASS' : 'MISS');

/** Phases during which something else on the machine competed for the 2 cores. */
const noisy = (r: Results): Measurement[] => [r.ceilingA, r.ceilingB, r.get, r.post].filter((m) => (m.cpu?.othersPct ?? 0) > 15);

export const checks = (r: Results): Check[] => {
  const get = pct(r.get, r.ceilingA);
  const post = pct(r.post, r.ceilingB);
  return [
    { check: 'GET as % of ceiling A', value: `${get.toFixed(1)} %`, target: `>= ${TARGETS.getPctOfA} %`, result: verdict(get >= TARGETS.getPctOfA, r.get, r.ceilingA) },
    { check: 'POST as % of ceiling B', value: `${post.toFixed(1)} %`, target: `>= ${TARGETS.postPctOfB} %`, result: verdict(post >= TARGETS.postPctOfB, r.post, r.ceilingB) },
    { check: 'Peak RSS (VmHWM)', value: `${r.memory.peakMb.toFixed(0)} MB`, target: `<= ${TARGETS.peakRssMb} MB`, result: verdict(r.memory.peakMb <= TARGETS.peakRssMb) },
  ];
};

const table = (rows: Record<string, string>[]): string => {
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((s, i) => (i === 0 ? s.padEnd(width[i]!) : s.padStart(width[i]!))).join('  ');
  return [line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => r[c]!)))].join('\n');
};

export const printReport = (r: Results): void => {
  const ms = [r.ceilingA, r.ceilingB, r.get, r.post];
  console.log(
    `\n${table(ms.map((m) => ({ measurement: m.name, 'req/s': m.rate.toFixed(0), 'p50 ms': m.p50Ms.toFixed(2), 'p99 ms': m.p99Ms.toFixed(2), ok: String(m.count), failures: String(m.failures) })))}`,
  );
  for (const m of ms) for (const n of m.notes) console.log(`  ${m.name}: ${n}`);
  const mem = r.memory;
  console.log(`\nKassa RSS: idle ${mem.idleMb.toFixed(0)} MB, peak sampled ${mem.peakSampledMb.toFixed(0)} MB, VmHWM ${mem.hwmMb.toFixed(0)} MB`);
  console.log(`\n${table(checks(r).map((c) => ({ ...c })))}\n`);
  for (const m of noisy(r)) console.log(`WARNING: other processes used ${m.cpu!.othersPct.toFixed(0)} % of a core during "${m.name}": the numbers are unreliable; rerun on a quiet machine.`);
};

/** Writes bench/results/latest.json (git-ignored). */
export const writeReport = (r: Results, config: Record<string, unknown>): string => {
  const file = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, totalMemMb: Math.round(os.totalmem() / 2 ** 20), node: process.version, platform: `${os.platform()} ${os.release()}` };
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, config, ...r, checks: checks(r), noisyPhases: noisy(r).map((m) => m.name) }, null, 2)}\n`);
  return file;
};
