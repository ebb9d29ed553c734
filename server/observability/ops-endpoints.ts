import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/database';
import type { KassaMetrics } from './metrics';

const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': String(Buffer.byteLength(text)),
    })
    .end(text);
};

export const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * `GET /healthz` (the process is up), `/readyz` (database reachable, migrations current; 503
 * otherwise, within a second: a bounded probe) and `/metrics` (Prometheus text format). Served by bin/kassa.ts beside /v1, outside
 * the route table: they are for the platform, not for merchants.
 */
export const createOpsHandler =
  (database: Database, metrics: KassaMetrics) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      const r = await metrics.readiness();
      return json(res, r.ready ? 200 : 503, {
        status: r.ready ? 'ready' : 'unavailable',
        ...r.checks,
        ...(r.missing ? { missing_migrations: r.missing } : {}),
      });
    }
    try {
      // Bounded: with the database down or silent, kassa_database_up is 0 and its gauges NaN (metrics.ts).
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text);
    } catch {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
    }
  };
