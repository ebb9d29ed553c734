import autocannon from 'autocannon';
import { cpuMeter, describeCpu } from './cpu';
import { sessionBody } from './fixtures';
import { CONNECTIONS } from './load';
import type { Measurement } from './measurement';

const card = {
  number: '4111 1111 1111 1111',
  expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
  cvc: '123',
};

export const LIFECYCLE_STEPS = ['create', 'view', 'pay', 'capture', 'refund'] as const;

/** Non-2xx answers per lifecycle step and status ("pay 429"), each with the first body seen, so a report names each failure's cause. */
export type StepFailures = Map<string, { count: number; sample: string }>;

export const describeStepFailures = (failures: StepFailures): string =>
  failures.size === 0
    ? 'non-2xx by step: none'
    : `non-2xx by step: ${[...failures].map(([k, f]) => `${k}×${f.count} (first: ${f.sample.slice(0, 160)})`).join('; ')}`;

/**
 * The whole life of a payment, per connection in a loop: merchant creates the session, the customer
 * views it (GET /v1/view/{id}/session) and pays, the merchant captures in full and refunds part.
 * `rate` counts requests (5 per iteration); a notes line gives the iterations per second.
 * A step that fails leaves the next ones an id of `none`, so they fail too: `failures` tells which came first.
 */
export const lifecycleRequests = (token: string, failures: StepFailures = new Map()): autocannon.RequestSpec[] => {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const json = { 'content-type': 'application/json' };
  const idOf = (body: string, key: string) => String((JSON.parse(body) as Record<string, unknown>)[key]);
  const steps: autocannon.RequestSpec[] = [
    {
      method: 'POST',
      path: '/v1/sessions',
      headers: auth,
      body: JSON.stringify(sessionBody('lifecycle')),
      onResponse: (s, b, c) => void (c.sid = s === 200 ? idOf(b, 'id') : 'none'),
    },
    { setupRequest: (r, c) => ({ ...r, method: 'GET', path: `/v1/view/${String(c.sid)}/session` }) },
    {
      setupRequest: (r, c) => ({
        ...r,
        method: 'POST',
        path: `/v1/sessions/${String(c.sid)}/pay`,
        headers: json,
        body: JSON.stringify({ payment: { payment_product_type: 'sandbox.creditcard', card } }),
      }),
      onResponse: (s, b, c) => void (c.tid = s === 200 ? idOf(b, 'transaction_id') : 'none'),
    },
    {
      setupRequest: (r, c) => ({
        ...r,
        method: 'POST',
        path: `/v1/transactions/${String(c.tid)}/capture`,
        headers: auth,
        body: JSON.stringify({ amount: 72_500 }),
      }),
    },
    {
      setupRequest: (r, c) => ({
        ...r,
        method: 'POST',
        path: `/v1/transactions/${String(c.tid)}/refund`,
        headers: auth,
        body: JSON.stringify({ amount: 2_500 }),
      }),
    },
  ];
  return steps.map((step, i) => ({
    ...step,
    onResponse: (status, body, context) => {
      if (status < 200 || status > 299) {
        const key = `${LIFECYCLE_STEPS[i]!} ${status}`;
        const seen = failures.get(key);
        if (seen) seen.count++;
        else failures.set(key, { count: 1, sample: body });
      }
      step.onResponse?.(status, body, context);
    },
  }));
};

export const measureLifecycle = async (
  base: string,
  token: string,
  serverPid: number,
  seconds: number,
  warmup: number,
): Promise<Measurement> => {
  const run = (duration: number, failures?: StepFailures) =>
    autocannon({ url: base, connections: CONNECTIONS, duration, requests: lifecycleRequests(token, failures) });
  if (warmup > 0) await run(warmup);
  const stepFailures: StepFailures = new Map();
  const cpu = cpuMeter(serverPid);
  const r = await run(seconds, stepFailures);
  const window = cpu(r.requests.total);
  const statuses = Object.entries(r.statusCodeStats);
  const ok = r.statusCodeStats['200']?.count ?? 0;
  const failures = statuses.reduce((n, [, s]) => n + s.count, 0) - ok + r.errors;
  return {
    name: 'Kassa lifecycle (create, view, pay, capture, refund)',
    rate: ok / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    count: ok,
    seconds: r.duration,
    failures,
    notes: [
      `status ${statuses.map(([c, s]) => `${c}×${s.count}`).join(' ')}`,
      describeStepFailures(stepFailures),
      `${(ok / 5 / r.duration).toFixed(0)} whole lifecycles/s`,
      describeCpu(window),
    ],
    cpu: window,
  };
};
