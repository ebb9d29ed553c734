import fc from 'fast-check';
import http from 'node:http';
import type { Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';
import { ERROR_CODES } from '../../../server/errors/app-error';
import type { HttpRequest } from '../../../server/http/dispatch';
import { requestIdFrom } from '../../../server/http/node-adapter';
import type { RouteDef } from '../../../server/http/route';
import type { TestServer } from '../test-server';
import { httpOnlyRequests, requestsFor, type FuzzRequest, type FuzzWorld } from './inputs';
import { BACKGROUND_TABLES, changedTables, snapshotState, type StateSnapshot } from './snapshot';
import { installWriteCounter, type WriteCounter } from './write-counter';
import { WAIT_MS } from '../wait';

/** FUZZ_SEED / FUZZ_RUNS reproduce a run; every failure message names both. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
/** Of each operation's inputs, this many go over real HTTP (the node adapter: framing, sizes, bytes). */
export const FUZZ_HTTP_RUNS = Math.min(FUZZ_RUNS, Number(process.env.FUZZ_HTTP_RUNS ?? 50));
/** One operation's inputs must be done within this (the vitest timeout of its test is a little longer). */
export const OPERATION_BUDGET_MS = Number(process.env.FUZZ_OPERATION_BUDGET_MS ?? 170_000);
/** No answer within this is a hang. */
export const REQUEST_TIMEOUT_MS = WAIT_MS;

const CODES = new Set<string>(ERROR_CODES);
/**
 * 5xx codes that report a third party or the database, not the request: the sandbox gateway set
 * `unavailable` (a fuzzed PUT /v1/admin/gateways/sandbox may do that) or a merchant's express
 * callback that failed. Still in the error shape.
 */
const DEPENDENCY_CODES = new Set(['PROVIDER_UNAVAILABLE', 'EXPRESS_CALLBACK_FAILED']);

interface Answer {
  status: number;
  body: string;
}

export interface FuzzTarget {
  srv: TestServer;
  db(): Kysely<DB>;
  world: FuzzWorld;
}

export interface FuzzReport {
  operationId: string;
  inputs: number;
  successes: number;
  failures: string[];
}

/** Rows the compare leaves out: a refusal stored under an Idempotency-Key is the answer ADR 006 replays, not a change. */
/** A refusal that is counted on purpose: a wrong gift card try (an abuse limit counts it, ADR 030). */
const COUNTED_REFUSALS = 'gift_card_attempts';
const storedRefusal = (table: string, row: Record<string, unknown>) =>
  (table === 'idempotency_keys' && Number(row.response_status) >= 400 && row.status === 'COMPLETED') ||
  table === COUNTED_REFUSALS;

/** The oracle: what is wrong with an answer, or undefined. */
export const judge = (a: Answer): string | undefined => {
  if (a.status >= 200 && a.status < 400) return undefined;
  let body: { error?: { message?: unknown; code?: unknown; errors?: unknown } };
  try {
    body = JSON.parse(a.body);
  } catch {
    return `${a.status} without a JSON error body`;
  }
  const e = body?.error;
  if (!e || typeof e.message !== 'string' || typeof e.code !== 'string') return `${a.status} not in the error shape`;
  if (!CODES.has(e.code)) return `${a.status} with a code outside the closed set: ${e.code}`;
  if (e.errors !== undefined && (!Array.isArray(e.errors) || e.errors.some((d) => typeof d?.message !== 'string')))
    return `${a.status} with malformed errors[]`;
  if (a.status >= 500 && !DEPENDENCY_CODES.has(e.code)) return `${a.status} ${e.code}: ${e.message}`;
  if (a.status < 400 || a.status >= 600) return `unexpected status ${a.status}`;
  return undefined;
};

const withTimeout = async <T>(p: Promise<T>, onTimeout: () => void): Promise<T | 'timeout'> => {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      onTimeout();
      resolve('timeout');
    }, REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([p, t]);
  } finally {
    clearTimeout(timer);
  }
};

const viaDispatch = async (srv: TestServer, r: FuzzRequest): Promise<Answer> => {
  // As the node adapter builds it (server/http/node-adapter.ts).
  const url = new URL(r.target, 'http://internal');
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(r.headers)) headers[k.toLowerCase()] = v;
  const req: HttpRequest = {
    method: r.method,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body: r.bytes ? r.bytes.toString('utf8') : r.body,
    baseUrl: srv.baseUrl,
    requestId: requestIdFrom(headers['x-request-id']),
    remoteAddress: '127.0.0.1',
  };
  const res = await srv.kassa.dispatch(req);
  return { status: res.status, body: res.body ?? '' };
};

const viaHttp = (srv: TestServer, agent: http.Agent, r: FuzzRequest): { done: Promise<Answer>; abort: () => void } => {
  const { hostname, port } = new URL(srv.baseUrl);
  let req: http.ClientRequest | undefined;
  const done = new Promise<Answer>((resolve, reject) => {
    const payload = r.bytes ?? (r.body === undefined ? undefined : Buffer.from(r.body, 'utf8'));
    const headers: Record<string, string> = { ...r.headers };
    if (payload && !r.chunked) headers['content-length'] = String(payload.length);
    let answered = false;
    req = http.request({ host: hostname, port, method: r.method, path: r.target, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (413) and close before it read all we send: that is not a failure.
    req.on('error', (e) => (answered ? undefined : reject(e)));
    if (payload && r.chunked) {
      const half = Math.floor(payload.length / 2);
      req.write(payload.subarray(0, half));
      req.write(payload.subarray(half));
    }
    req.end(payload && !r.chunked ? payload : undefined);
  });
  return { done, abort: () => req?.destroy() };
};

const describeRequest = (r: FuzzRequest, via: string): string => {
  const body = r.bytes
    ? `<${r.bytes.length} raw bytes>`
    : r.body === undefined
      ? '(none)'
      : r.body.length > 300
        ? `${JSON.stringify(r.body.slice(0, 300))}... (${r.body.length} chars)`
        : JSON.stringify(r.body);
  const target = r.target.length > 300 ? `${r.target.slice(0, 300)}... (${r.target.length} chars)` : r.target;
  const headers = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [
      k,
      k === 'authorization' && v.length > 40 ? `${v.slice(0, 20)}...` : v.length > 100 ? `${v.slice(0, 100)}...` : v,
    ]),
  );
  return `[${via}] ${r.what}: ${r.method} ${target} headers=${JSON.stringify(headers)} body=${body}`;
};

/**
 * Fuzzes one operation: FUZZ_RUNS inputs (FUZZ_HTTP_RUNS of them over real HTTP, the rest through
 * the in-process dispatcher), each answer judged by the oracle, and the stored state compared after
 * every refused request that wrote anything (write-counter.ts tells, snapshot.ts compares).
 */
export const fuzzOperation = async (
  route: RouteDef,
  target: FuzzTarget,
  counter: WriteCounter,
  budgetMs = OPERATION_BUDGET_MS,
): Promise<FuzzReport> => {
  const stopAt = performance.now() + budgetMs;
  // One seed per operation, derived from the run's seed and the operationId: adding an operation does not reshuffle the others.
  const seed = [...route.operationId].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, FUZZ_SEED);
  const generated = fc.sample(requestsFor(route, target.world), { seed, numRuns: FUZZ_RUNS });
  const httpCount = FUZZ_HTTP_RUNS;
  const special = httpOnlyRequests(route, generated[0]!).slice(0, httpCount);
  const plan: { r: FuzzRequest; via: 'http' | 'dispatch' }[] = [
    ...special.map((r) => ({ r, via: 'http' as const })),
    ...generated.slice(0, httpCount - special.length).map((r) => ({ r, via: 'http' as const })),
    ...generated
      .slice(httpCount - special.length, FUZZ_RUNS - special.length)
      .map((r) => ({ r, via: 'dispatch' as const })),
  ];
  const failures: string[] = [];
  const repro = `(FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}, operation seed ${seed})`;
  const db = target.db();
  let baseline: StateSnapshot | undefined = counter.committedByTable
    ? undefined
    : await snapshotState(db, storedRefusal);
  let writes = await counter.read();
  let successes = 0;
  // Keep-alive over the operation's HTTP slice; a new agent per operation, closed before the in-process part, so no
  // idle socket outlives the server's keep-alive timeout while the dispatcher keeps the event loop busy.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const prof = { http: 0, dispatch: 0, counter: 0, snapshot: 0, snapshots: 0 };
  for (const [i, { r, via }] of plan.entries()) {
    // Stop inside the test's own timeout: a loop left running after it would write under the next operation's compare.
    if (performance.now() > stopAt) {
      failures.push(
        `stopped after ${i} of ${plan.length} inputs: over the ${budgetMs} ms an operation may take ${repro}`,
      );
      break;
    }
    const t0 = performance.now();
    if (via === 'dispatch') agent.destroy();
    const call =
      via === 'http' ? viaHttp(target.srv, agent, r) : { done: viaDispatch(target.srv, r), abort: () => undefined };
    let answer: Answer | 'timeout';
    try {
      answer = await withTimeout(call.done, call.abort);
    } catch (e) {
      failures.push(`#${i} ${describeRequest(r, via)} -> connection error ${(e as Error).message} ${repro}`);
      continue;
    }
    if (answer === 'timeout') {
      failures.push(`#${i} ${describeRequest(r, via)} -> no answer within ${REQUEST_TIMEOUT_MS} ms ${repro}`);
      continue;
    }
    const t1 = performance.now();
    prof[via] += t1 - t0;
    const problem = judge(answer);
    if (problem) failures.push(`#${i} ${describeRequest(r, via)} -> ${problem} ${answer.body.slice(0, 300)} ${repro}`);
    const refused = answer.status >= 400;
    if (!refused) successes++;
    const now = await counter.read();
    const t2 = performance.now();
    prof.counter += t2 - t1;
    if (now === writes) continue;
    const before = writes;
    writes = now;
    if (counter.committedByTable) {
      // SQLite: committed writes per table, so no snapshot is needed (write-counter.ts).
      const changed = refused
        ? counter
            .committedByTable(before, now)
            .filter((t) => t !== 'idempotency_keys' && t !== COUNTED_REFUSALS && !BACKGROUND_TABLES.has(t))
        : [];
      if (changed.length)
        failures.push(
          `#${i} ${describeRequest(r, via)} -> refused with ${answer.status} but changed ${changed.join(', ')} ${repro}`,
        );
      continue;
    }
    const after = await snapshotState(db, storedRefusal);
    prof.snapshot += performance.now() - t2;
    prof.snapshots++;
    if (refused && baseline && after.hash !== baseline.hash) {
      failures.push(
        `#${i} ${describeRequest(r, via)} -> refused with ${answer.status} but changed ${changedTables(baseline, after).join(', ')} ${repro}`,
      );
    }
    baseline = after;
  }
  agent.destroy();
  if (process.env.FUZZ_PROFILE)
    console.log(
      route.operationId,
      JSON.stringify(prof, (_, v) => (typeof v === 'number' ? Math.round(v) : v)),
      successes,
    );
  return { operationId: route.operationId, inputs: plan.length, successes, failures };
};

export { installWriteCounter };
