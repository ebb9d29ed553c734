import autocannon from 'autocannon';
import { cpuMeter, describeCpu } from './cpu';
import type { Measurement } from './measurement';

export const CONNECTIONS = 50;

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The server's pid, to report its CPU time per request. */
  serverPid?: number;
}

const fire = (spec: LoadSpec, seconds: number, errors: Map<string, number>): Promise<autocannon.Result> => {
  const instance = autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  instance.on('reqError', (e: Error & { code?: string }) => {
    const key = e.code ?? e.message;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  });
  return Promise.resolve(instance);
};

/** What a failing request actually answers, for the report. */
const probe = async (spec: LoadSpec): Promise<string> => {
  try {
    const res = await fetch(spec.url, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
    return `probe: ${res.status} ${(await res.text()).slice(0, 300)}`;
  } catch (e) {
    return `probe failed: ${String(e)}`;
  }
};

/** Warms up (results discarded), then measures `seconds` of load with 50 keep-alive connections. */
export const measureHttp = async (spec: LoadSpec, seconds: number, warmupSeconds: number): Promise<Measurement> => {
  if (warmupSeconds > 0) await fire(spec, warmupSeconds, new Map());
  const errors = new Map<string, number>();
  const cpu = cpuMeter(spec.serverPid);
  const r = await fire(spec, seconds, errors);
  const cpuWindow = cpu(r.requests.total);
  const statuses = Object.entries(r.statusCodeStats);
  const responses = statuses.reduce((n, [, s]) => n + s.count, 0);
  const ok = r.statusCodeStats['200']?.count ?? 0;
  const failures = responses - ok + r.errors;
  const notes = [`status ${statuses.map(([c, s]) => `${c}×${s.count}`).join(' ') || 'none'}`, describeCpu(cpuWindow)];
  if (errors.size) notes.push(`errors ${[...errors].map(([k, n]) => `${k}×${n}`).join(' ')}`);
  if (failures) notes.push(await probe(spec));
  return {
    name: spec.name,
    rate: ok / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    count: ok,
    seconds: r.duration,
    failures,
    notes,
    cpu: cpuWindow,
  };
};
