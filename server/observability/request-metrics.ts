import type { Registry } from 'prom-client';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { route: string; method: string };
  counts: Map<number, number>; // status -> requests
  buckets: number[]; // per upper bound in BUCKETS (not cumulative)
  sum: number;
  total: number;
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * `kassa_http_requests_total{route,method,status}` and `kassa_http_request_duration_seconds{route,method}`,
 * kept in plain maps keyed once per (route, method): prom-client's own Counter and Histogram hash
 * their label objects on every observation, which cost the /v1 hot path more than the rest of the
 * request's bookkeeping. The registry reads these at scrape time (Prometheus text as prom-client
 * writes it). Label values are bounded: operationIds, HTTP methods and statuses.
 */
export const registerRequestMetrics = (registry: Registry) => {
  const series = new Map<string, Series>();
  const observe = (route: string, method: string, status: number, seconds: number) => {
    const key = `${route} ${method}`;
    let s = series.get(key);
    if (!s)
      series.set(
        key,
        (s = { labels: { route, method }, counts: new Map(), buckets: BUCKETS.map(() => 0), sum: 0, total: 0 }),
      );
    s.counts.set(status, (s.counts.get(status) ?? 0) + 1);
    const i = BUCKETS.findIndex((b) => seconds <= b);
    if (i >= 0) s.buckets[i]!++;
    s.sum += seconds;
    s.total++;
  };
  const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) =>
    registry.registerMetric({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    } as never);
  metric('kassa_http_requests_total', 'Finished /v1 requests', 'counter', () =>
    [...series.values()].flatMap((s) =>
      [...s.counts].map(([status, value]) => ({ labels: { ...s.labels, status: String(status) }, value })),
    ),
  );
  metric(
    'kassa_http_request_duration_seconds',
    'Time from the request to the end of the response, per operation',
    'histogram',
    () =>
      [...series.values()].flatMap((s) => {
        let cumulative = 0;
        const name = 'kassa_http_request_duration_seconds';
        return [
          ...BUCKETS.map((le, i) => ({
            labels: { ...s.labels, le },
            value: (cumulative += s.buckets[i]!),
            metricName: `${name}_bucket`,
          })),
          { labels: { ...s.labels, le: '+Inf' }, value: s.total, metricName: `${name}_bucket` },
          { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
          { labels: s.labels, value: s.total, metricName: `${name}_count` },
        ];
      }),
  );
  return observe;
};
