import fs from 'node:fs';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '../../server/config/env';
import { createKassa, type Kassa } from '../../server/create-kassa';
import type { Logger } from '../../server/observability/logger';
import { answerClientError, createNodeHandler } from '../../server/http/node-adapter';
import { publicOriginFor } from '../../server/http/public-origin';
import { randomBase58 } from '../../server/shared/ids';

export const ACCOUNT = 'T10000001';
export const CLIENT_ID = 'test-client';
export const CLIENT_SECRET = 'test-secret-0123456789abcdef';

export interface TestServer {
  baseUrl: string;
  kassa: Kassa;
  dataDir: string;
  pgSchema?: string;
  /** Stops HTTP and the Kassa instance; the database stays (for restart tests). */
  stop(): Promise<void>;
}

/**
 * Starts the production /v1 path (node:http adapter over the route table) on a free
 * port, on SQLite in a fresh directory, or on PostgreSQL in a fresh schema when
 * DATABASE_URL is set. Responses are validated against the route table's schemas.
 */
export const startTestServer = async (
  opts: {
    env?: Record<string, string>;
    dataDir?: string;
    pgSchema?: string;
    logger?: Logger;
    /** The time the rate limits refill by (a StillClock's `now`); default the wall clock. */
    rateLimitClock?: () => number;
  } = {},
): Promise<TestServer> => {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-test-'));
  const pgSchema = process.env.DATABASE_URL
    ? (opts.pgSchema ?? `t_${process.env.KASSA_TEST_RUN ?? 'x'}_${randomBase58(12).toLowerCase()}`)
    : undefined;
  const env = loadEnv({
    ...process.env,
    KASSA_DATA_DIR: dataDir,
    KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
    KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
    KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
    KASSA_VALIDATE_RESPONSES: '1',
    KASSA_CALLBACK_POLL_MS: '20',
    KASSA_CALLBACK_RETRY_BASE_MS: '50',
    KASSA_CALLBACK_TIMEOUT_MS: '2000',
    // console passwords: scrypt's N=2^10 instead of 2^15 (the fuzz creates hundreds of users; ADR 033)
    KASSA_CONSOLE_PASSWORD_COST: '10',
    // warnings and errors only on the suite's output (every provider call is an info line); a test that reads the log passes a logger
    KASSA_LOG_LEVEL: process.env.KASSA_LOG_LEVEL ?? 'warn',
    ...opts.env,
  });
  const kassa = await createKassa(env, {
    pgSchema,
    log: () => undefined,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.rateLimitClock ? { rateLimitClock: opts.rateLimitClock } : {}),
  });
  const server: http.Server = http.createServer(
    createNodeHandler(
      kassa.dispatch,
      publicOriginFor(kassa.ctx.env, () => server.address()),
    ),
  );
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) =>
    answerClientError(err, socket, undefined, kassa.errorFieldsAt),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    kassa,
    dataDir,
    pgSchema,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kassa.close();
    },
  };
};
