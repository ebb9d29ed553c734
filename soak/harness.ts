import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnKassa } from '../test/support/spawn-kassa';

/** Server processes, their databases, a merchant callback endpoint and an HTTP client that records every answer. */

export const ROOT = path.resolve(__dirname, '..');
export const ACCOUNT = 'T10000001';
const CLIENT_ID = 'soak-client';
const CLIENT_SECRET = 'soak-secret-0123456789abcdef';

export const log = (s: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${s}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The production bundle, built when missing or stale (scripts/build-server.mjs). */
export const ensureBundle = (): void => {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building dist/server/kassa.js failed');
};

/** Where a scenario's servers keep their data: a SQLite directory, or a PostgreSQL database of its own (created, dropped after). */
export interface SoakDatabase {
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  /** postgres://…/kassa_soak_… for the servers (PostgreSQL only). */
  url?: string;
  /** PostgreSQL: refuse every connection and end the open ones (from an admin connection). */
  refuseConnections(): Promise<void>;
  allowConnections(): Promise<void>;
  drop(): Promise<void>;
}

export const createDatabase = async (engine: 'sqlite' | 'postgres', name: string): Promise<SoakDatabase> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kassa-soak-${name}-`));
  if (engine === 'sqlite') {
    const none = async () => {
      throw new Error('only on PostgreSQL');
    };
    return {
      engine,
      dataDir,
      refuseConnections: none,
      allowConnections: none,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('PostgreSQL needs DATABASE_URL');
  const { default: pg } = await import('pg');
  const db = `kassa_soak_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${db}" with (force)`);
  await admin.query(`create database "${db}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return {
    engine,
    dataDir,
    url: url.toString(),
    async refuseConnections() {
      await admin.query(`alter database "${db}" with allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [db],
      );
    },
    async allowConnections() {
      await admin.query(`alter database "${db}" with allow_connections true`);
    },
    async drop() {
      if (process.env.SOAK_KEEP !== '1') await admin.query(`drop database if exists "${db}" with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const healthy = async (base: string): Promise<boolean> => {
  try {
    return (await fetch(`${base}/healthz`)).status === 200;
  } catch {
    return false; // not listening yet
  }
};

export interface Server {
  base: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** `node dist/server/kassa.js` (API only) on `db`, with the soak account's bootstrap credentials; started once /healthz answers 200. */
export const startServer = async (db: SoakDatabase, env: Record<string, string> = {}): Promise<Server> => {
  const p = await spawnKassa({
    env: {
      KASSA_DATA_DIR: db.dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
      KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
      KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
      KASSA_TOKEN_RATE_PER_CLIENT: '0',
      KASSA_TOKEN_RATE_PER_ADDRESS: '0',
      KASSA_MAX_CONNECTIONS_PER_ADDRESS: '0', // the load comes from one address (ADR 044)
      KASSA_LOG_LEVEL: 'warn',
      KASSA_CALLBACK_POLL_MS: '50',
      KASSA_CALLBACK_RETRY_BASE_MS: '200',
      ...env,
    },
    ready: healthy,
  });
  return {
    base: p.baseUrl,
    pid: p.child.pid!,
    child: p.child,
    output: p.output,
    exited: p.exited.then(() => undefined),
    async kill(signal) {
      await p.kill(signal);
    },
  };
};

export interface Delivery {
  eventId: string;
  event: string;
  transactionId: string;
  at: number;
}

/** The merchant's callback endpoint: answers 200 and counts deliveries per event_id (merchants deduplicate on it). */
export const startMerchant = async () => {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      deliveries.push({
        eventId: q.get('event_id') ?? '',
        event: q.get('event') ?? q.get('error') ?? 'AUTHORIZE',
        transactionId: q.get('transaction_id') ?? '',
        at: Date.now(),
      });
      res.writeHead(200).end('{}');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url,
    deliveries,
    perEvent(): Map<string, number> {
      const m = new Map<string, number>();
      for (const d of deliveries) m.set(d.eventId, (m.get(d.eventId) ?? 0) + 1);
      return m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
export type Merchant = Awaited<ReturnType<typeof startMerchant>>;

export interface Answer {
  op: string;
  /** 0: no answer (connection refused or reset: the server died). */
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers of many shapes, read field by field
  headers: Headers | undefined;
}

/** Every answer the soak got, by operation and status class. */
export class Tally {
  readonly counts = new Map<string, Map<string, number>>();
  /** Answers that break a rule whatever happened (a 500, a 503 not in the error shape). */
  readonly bad: string[] = [];
  total = 0;
  add(a: Answer) {
    this.total++;
    const cls = a.status === 0 ? 'no answer' : a.status === 503 ? '503' : `${Math.floor(a.status / 100)}xx`;
    const per = this.counts.get(a.op) ?? new Map<string, number>();
    per.set(cls, (per.get(cls) ?? 0) + 1);
    this.counts.set(a.op, per);
    if (a.status >= 500 && a.status !== 503 && !(a.status === 502 && a.body?.error?.code === 'EXPRESS_CALLBACK_FAILED'))
      this.bad.push(`${a.op}: ${a.status} ${JSON.stringify(a.body)}`);
    if (a.status === 503) {
      const e = a.body?.error;
      const shaped =
        e &&
        typeof e.message === 'string' &&
        typeof e.code === 'string' &&
        Array.isArray(e.errors) &&
        Object.keys(a.body).length === 1;
      if (!shaped || !a.headers?.get('retry-after'))
        this.bad.push(`${a.op}: 503 without the error shape or Retry-After: ${JSON.stringify(a.body)}`);
    }
  }
  count(cls: string): number {
    let n = 0;
    for (const per of this.counts.values()) n += per.get(cls) ?? 0;
    return n;
  }
}

/** A merchant backend (with a token) or a customer's browser (without), against whichever server `base()` names now. */
export class Client {
  constructor(
    private readonly base: () => string,
    private readonly tally: Tally,
    private token?: string,
  ) {}

  async login(): Promise<void> {
    const base = this.base();
    const audience = `${base}/v1/accounts/${ACCOUNT}`;
    const res = await fetch(`${audience}/auth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ grant_type: 'client_credentials', audience }),
    });
    const body = (await res.json()) as { access_token?: string };
    if (res.status !== 200 || !body.access_token)
      throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
    this.token = body.access_token;
  }

  anonymous(): Client {
    return new Client(this.base, this.tally);
  }

  async call(
    op: string,
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    let answer: Answer;
    try {
      const res = await fetch(`${this.base()}${p}`, {
        method,
        headers: {
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: kept as text
      }
      answer = { op, status: res.status, body: parsed, headers: res.headers };
    } catch (e) {
      answer = { op, status: 0, body: String(e), headers: undefined };
    }
    this.tally.add(answer);
    return answer;
  }
}

export const ok = (a: Answer) => a.status >= 200 && a.status < 300;

/** A session whose callbacks (authorization, captures, refunds) go to the merchant. */
export const sessionBody = (ref: string, callbackUrl: string) => ({
  url: {
    return_url: 'https://merchant.example/return',
    callback_url: `${callbackUrl}/cb?report_event=CAPTURE&report_event=REFUND&report_event=VOID`,
  },
  order: {
    amount: 10000,
    currency: 'NOK',
    merchant_reference: ref,
    items: [
      { line_id: '1', description: 'Widget', quantity: 2, amount: 6000, vat_amount: 1200 },
      { line_id: '2', description: 'Gadget', quantity: 1, amount: 4000, vat_amount: 800 },
    ],
  },
});

const expiry = `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
/** The sandbox's approving test card (test/support/api-client.ts APPROVE_CARD). */
export const payBody = {
  payment: { payment_product_type: 'sandbox.creditcard', card: { number: '4111 1111 1111 1111', expiry, cvc: '123' } },
};

/** Polls `cond` until it holds or `ms` pass; returns whether it held. */
export const waitUntil = async (
  cond: () => Promise<boolean> | boolean,
  ms: number,
  interval = 500,
): Promise<boolean> => {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond()) return true;
    if (Date.now() > end) return false;
    await sleep(interval);
  }
};
