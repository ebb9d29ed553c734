import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
const ticksMs = (ticks: number) => (ticks * 1000) / CLK_TCK;

/** user+system CPU time of a process, from /proc/<pid>/stat (utime, stime). */
const procCpuMs = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ticksMs(Number(f[11]) + Number(f[12]));
};

/**
 * CPU time the whole machine spent running processes (all cores), from /proc/stat. Interrupt
 * and softirq time are left out: loopback TCP for our own load lands there, not on a process.
 */
const machineBusyMs = (): number => {
  const [, user, nice, system] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return ticksMs(user! + nice! + system!);
};

/** Waits (up to `maxSeconds`) until other processes use less than `pct` % of a core; returns what they used last. */
export const waitForQuiet = async (maxSeconds: number, pct = 15): Promise<number> => {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const [m0, c0, t0] = [machineBusyMs(), selfCpuMs(), performance.now()];
    await new Promise((r) => setTimeout(r, 1000));
    const busy = (100 * (machineBusyMs() - m0 - (selfCpuMs() - c0))) / (performance.now() - t0);
    if (busy < pct || Date.now() >= deadline) return busy;
  }
};

const selfCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export interface CpuWindow {
  /** % of one core used by the server (or ceiling) process. */
  serverPct: number;
  serverUsPerOp: number;
  /** % of one core used by this process (the load generator). */
  clientPct: number;
  /** % of one core used by everything else on the machine: a noisy neighbour makes numbers unreliable. */
  othersPct: number;
}

/** Starts a CPU meter over the measured process, this process and the machine. */
export const cpuMeter = (pid: number | undefined) => {
  const t0 = performance.now();
  const [s0, c0, m0] = [pid ? procCpuMs(pid) : 0, selfCpuMs(), machineBusyMs()];
  return (ops: number): CpuWindow => {
    const wall = performance.now() - t0;
    const server = (pid ? procCpuMs(pid) : 0) - s0;
    const client = selfCpuMs() - c0;
    const others = Math.max(0, machineBusyMs() - m0 - server - client);
    const pct = (ms: number) => (100 * ms) / wall;
    return {
      serverPct: pct(server),
      serverUsPerOp: ops ? (1000 * server) / ops : 0,
      clientPct: pct(client),
      othersPct: pct(others),
    };
  };
};

export const describeCpu = (c: CpuWindow): string =>
  `CPU: server ${c.serverPct.toFixed(0)} % of a core (${c.serverUsPerOp.toFixed(0)} µs/op), load generator ${c.clientPct.toFixed(0)} %, other processes ${c.othersPct.toFixed(0)} %`;
