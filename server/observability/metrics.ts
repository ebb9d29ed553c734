import { Counter, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { registerRequestMetrics } from './request-metrics';

export interface KassaMetrics {
  readonly registry: Registry;
  /** One finished /v1 request: `route` is the operationId (bounded), never the raw path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  readonly requestsInFlight: Gauge;
  readonly callbackAttempts: Counter<'outcome'>;
}

/** Age in seconds of an ISO timestamp, 0 when there is none. */
const ageSeconds = (iso: string | null | undefined): number =>
  iso ? Math.max(0, (Date.now() - Date.parse(iso)) / 1000) : 0;

/**
 * One registry per Kassa instance (tests run several in one process). The gauges read the
 * database on scrape, one cheap query each; nothing runs between scrapes.
 */
export const createMetrics = (database: Database): KassaMetrics => {
  const registry = new Registry();
  const db = database.db;
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
    async collect() {
      const r = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      this.set(Number(r?.n ?? 0));
    },
  });
  new Gauge({
    name: 'kassa_outbox_oldest_age_seconds',
    help: 'Age of the oldest callback still waiting to be delivered (0 when none)',
    registers: [registry],
    async collect() {
      const r = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min<string | null>('created_at').as('oldest'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      this.set(ageSeconds(r?.oldest));
    },
  });
  new Gauge({
    name: 'kassa_pending_money_operations',
    help: 'Captures, refunds and voids reserved but not yet settled (PENDING, ASYNC at the acquirer, or UNRESOLVED: its answer never came)',
    registers: [registry],
    async collect() {
      const r = await db
        .selectFrom('transaction_operations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', ['PENDING', 'ASYNC', 'UNRESOLVED'])
        .executeTakeFirst();
      this.set(Number(r?.n ?? 0));
    },
  });
  const callbackAttempts = new Counter({
    name: 'kassa_callback_attempts_total',
    help: 'Callback delivery attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  return {
    registry,
    requestsInFlight,
    callbackAttempts,
    observeRequest,
  };
};
