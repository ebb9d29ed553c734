import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import type { ProviderCall } from '../providers/observed-provider';
import { createReadinessProbe, READINESS_PROBE_MS, type Readiness } from './readiness';
import { registerRequestMetrics } from './request-metrics';

export interface KassaMetrics {
  readonly registry: Registry;
  /** One finished /v1 request: `route` is the operationId (bounded), never the raw path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  readonly requestsInFlight: Gauge;
  readonly callbackAttempts: Counter<'outcome'>;
  /** One finished provider call (issue 38 item 6): its latency and its outcome, per provider and operation. */
  observeProviderCall(call: ProviderCall): void;
  /** The bounded readiness probe (`/readyz` and `kassa_database_up`): answers within a second whatever the database does. */
  readiness(): Promise<Readiness>;
}

/** Age in seconds of an ISO timestamp, 0 when there is none. */
const ageSeconds = (iso: string | null | undefined): number =>
  iso ? Math.max(0, (Date.now() - Date.parse(iso)) / 1000) : 0;

/** A gauge's `collect` that sets the value `read` gives. */
const collectWith = (read: () => Promise<number>) =>
  async function (this: Gauge) {
    this.set(await read());
  };

/**
 * A gauge's database read on scrape, bounded (issue 37 item 23): `NaN` (unknown) when the database
 * is down, the read fails or takes longer than the probe's bound; a read still in flight from an
 * earlier scrape is not started again, so a silent database holds at most one connection per gauge.
 */
const boundedRead = (up: () => Promise<boolean>, read: () => Promise<number>) => {
  let inFlight: Promise<number> | undefined;
  return async (): Promise<number> => {
    if (inFlight || !(await up())) return NaN;
    const current = (inFlight = read()
      .catch(() => NaN)
      .finally(() => (inFlight = undefined)));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(NaN), READINESS_PROBE_MS)));
    try {
      return await Promise.race([current, late]);
    } finally {
      clearTimeout(timer);
    }
  };
};

/**
 * One registry per Kassa instance (tests run several in one process). The gauges read the
 * database on scrape, one cheap query each, bounded; nothing runs between scrapes. A scrape
 * answers while the database is down or silent: `kassa_database_up` is 0 and the database's
 * gauges are NaN (ADR 045).
 */
export const createMetrics = (database: Database): KassaMetrics => {
  const registry = new Registry();
  const db = database.db;
  const readiness = createReadinessProbe(database);
  const up = async () => (await readiness()).checks.database === 'ok';
  new Gauge({
    name: 'kassa_database_up',
    help: 'Whether the database answered the readiness probe within its bound (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await up()) ? 1 : 0);
    },
  });
  const observeRequest = registerRequestMetrics(registry);
  const requestsInFlight = new Gauge({
    name: 'kassa_http_requests_in_flight',
    help: '/v1 requests being handled now',
    registers: [registry],
  });
  new Gauge({
    name: 'kassa_outbox_backlog',
    help: 'Callbacks waiting to be delivered (outbox rows PENDING)',
    registers: [registry],
    collect: collectWith(
      boundedRead(up, async () => {
        const r = await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        return Number(r?.n ?? 0);
      }),
    ),
  });
  new Gauge({
    name: 'kassa_outbox_oldest_age_seconds',
    help: 'Age of the oldest callback still waiting to be delivered (0 when none)',
    registers: [registry],
    collect: collectWith(
      boundedRead(up, async () => {
        const r = await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.min<string | null>('created_at').as('oldest'))
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        return ageSeconds(r?.oldest);
      }),
    ),
  });
  new Gauge({
    name: 'kassa_pending_money_operations',
    help: 'Captures, refunds and voids reserved but not yet settled (PENDING, ASYNC at the acquirer, or UNRESOLVED: its answer never came)',
    registers: [registry],
    collect: collectWith(
      boundedRead(up, async () => {
        const r = await db
          .selectFrom('transaction_operations')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', 'in', ['PENDING', 'ASYNC', 'UNRESOLVED'])
          .executeTakeFirst();
        return Number(r?.n ?? 0);
      }),
    ),
  });
  const callbackAttempts = new Counter({
    name: 'kassa_callback_attempts_total',
    help: 'Callback delivery attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const providerSeconds = new Histogram({
    name: 'kassa_provider_call_duration_seconds',
    help: 'Payment provider calls by provider and port operation (authorize, capture, ...), in seconds',
    labelNames: ['provider', 'operation'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'kassa_provider_calls_total',
    help: "Payment provider calls by provider, port operation and outcome (the answer, or the error's code)",
    labelNames: ['provider', 'operation', 'outcome'],
    registers: [registry],
  });
  return {
    registry,
    readiness,
    requestsInFlight,
    callbackAttempts,
    observeRequest,
    observeProviderCall(call) {
      const labels = { provider: call.provider, operation: call.operation };
      providerSeconds.observe(labels, call.duration_ms / 1000);
      providerCalls.inc({ ...labels, outcome: call.error_code ?? call.outcome });
    },
  };
};
