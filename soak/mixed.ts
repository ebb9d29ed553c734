import type { Database } from '../server/db/database';
import { checkInvariants, Checks, openForChecks, unsettled } from './checks';
import { lostAcknowledged, newAcked, type Acked } from './flows';
import {
  Client,
  createDatabase,
  type Answer,
  log,
  ok,
  payBody,
  sessionBody,
  sleep,
  startMerchant,
  startServer,
  Tally,
  waitUntil,
  type Merchant,
  type Server,
} from './harness';
import type { ScenarioResult } from './report';

/** The money each transaction was acknowledged to have moved: the lost-update check compares it with what is stored. */
export type Ledger = Map<string, { captured: number; refunded: number }>;

/** A 100-multiple amount (never ending in 02: those are asynchronous in the sandbox). */
const amount = (min: number, max: number) =>
  100 * (Math.floor(min / 100) + Math.floor(Math.random() * (Math.floor(max / 100) - Math.floor(min / 100) + 1)));
const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

/**
 * As a merchant retries (ADR 006): a request that got no answer, a 503, or 409
 * IDEMPOTENCY_KEY_IN_PROGRESS is sent again with the same key after Retry-After (at most 2 s) until
 * it gets a final answer or `ms` pass.
 */
export const callUntilFinal = async (
  api: Client,
  op: string,
  method: string,
  p: string,
  body: unknown,
  key: string,
  ms = 180_000,
): Promise<Answer> => {
  const end = Date.now() + ms;
  for (;;) {
    const res = await api.call(op, method, p, body, { 'idempotency-key': key });
    const retry =
      res.status === 0 ||
      res.status === 503 ||
      (res.status === 409 && res.body?.error?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS');
    if (!retry || Date.now() > end) return res;
    await sleep(Math.min(2, Number(res.headers?.get('retry-after') ?? 1)) * 1000);
  }
};

/**
 * One merchant's mixed traffic against whichever of `servers` it picks per request: new checkouts
 * (create, view as merchant and customer, pay), captures and refunds of random amounts on random
 * authorized transactions (so two processes race on one row), and lists.
 */
export const mixedWorker = async (
  apis: Client[],
  customers: Client[],
  merchantUrl: string,
  until: () => boolean,
  acked: Acked,
  ledger: Ledger,
  tag: string,
): Promise<void> => {
  let i = 0;
  while (!until()) {
    const k = Math.floor(Math.random() * apis.length);
    const api = apis[k]!;
    const r = Math.random();
    const txs = [...ledger.keys()];
    if (r < 0.3 || txs.length < 4) {
      const ref = `mx-${tag}-${i++}`;
      const created = await callUntilFinal(
        api,
        'create session',
        'POST',
        '/v1/sessions',
        sessionBody(ref, merchantUrl),
        `soak-${ref}`,
      );
      if (!ok(created)) continue;
      const sid = created.body.id as string;
      acked.sessions.set(ref, sid);
      await apis[(k + 1) % apis.length]!.call('get session', 'GET', `/v1/sessions/${sid}`);
      await customers[k]!.call('view session', 'GET', `/v1/view/${sid}/session`);
      const paid = await customers[(k + 1) % customers.length]!.call('pay', 'POST', `/v1/sessions/${sid}/pay`, payBody);
      if (ok(paid) && paid.body.success === true) {
        acked.authorized.set(paid.body.transaction_id as string, sid);
        ledger.set(paid.body.transaction_id as string, { captured: 0, refunded: 0 });
      }
    } else if (r < 0.6) {
      const tx = pick(txs)!;
      const a = amount(500, 3000);
      const res = await callUntilFinal(
        api,
        'capture',
        'POST',
        `/v1/transactions/${tx}/capture`,
        { amount: a },
        `soak-cap-${tag}-${i++}`,
      );
      if (ok(res)) ledger.get(tx)!.captured += a;
    } else if (r < 0.75) {
      const tx = pick(txs.filter((t) => ledger.get(t)!.captured > ledger.get(t)!.refunded));
      if (!tx) continue;
      const a = amount(100, 1000);
      const res = await callUntilFinal(
        api,
        'refund',
        'POST',
        `/v1/transactions/${tx}/refund`,
        { amount: a },
        `soak-ref-${tag}-${i++}`,
      );
      if (ok(res)) ledger.get(tx)!.refunded += a;
    } else if (r < 0.85) {
      await api.call('get transaction', 'GET', `/v1/transactions/${pick(txs)}`);
    } else if (r < 0.93) {
      await api.call('list sessions', 'GET', '/v1/sessions?limit=20');
    } else {
      await api.call('list transactions', 'GET', '/v1/transactions?limit=20');
    }
  }
};

/** Zero lost updates: each transaction's stored captured and refunded amounts are exactly the acknowledged ones. */
export const lostUpdates = async (database: Database, ledger: Ledger): Promise<string[]> => {
  const rows = new Map(
    (await database.db.selectFrom('transactions').select(['id', 'captured_amount', 'refunded_amount']).execute()).map(
      (t) => [t.id, t],
    ),
  );
  const out: string[] = [];
  for (const [tx, want] of ledger) {
    const got = rows.get(tx);
    if (!got || got.captured_amount !== want.captured || got.refunded_amount !== want.refunded) {
      out.push(
        `${tx}: acknowledged captured ${want.captured} refunded ${want.refunded}, stored ${got?.captured_amount} / ${got?.refunded_amount}`,
      );
    }
  }
  return out;
};

export const settleAndCheck = async (
  database: Database,
  merchant: Merchant,
  checks: Checks,
  acked: Acked,
  ledger: Ledger,
  notes: string[],
) => {
  const settled = await waitUntil(
    async () => Object.values(await unsettled(database)).every((n) => n === 0),
    200_000,
    1000,
  );
  if (!settled) notes.push(`still unsettled: ${JSON.stringify(await unsettled(database))}`);
  await sleep(1500);
  checks.add(
    'every acknowledged request is stored (sessions, authorizations)',
    await lostAcknowledged(database, acked),
  );
  checks.add(
    'zero lost updates: stored captured/refunded amounts equal the acknowledged captures/refunds',
    await lostUpdates(database, ledger),
  );
  return checkInvariants(database, merchant, checks);
};

/** Two server processes on one database under the mixed load for `seconds`. */
export const runMixed = async (
  engine: 'sqlite' | 'postgres',
  seconds: number,
  concurrency: number,
): Promise<ScenarioResult> => {
  const started = Date.now();
  const db = await createDatabase(engine, 'mixed');
  const merchant = await startMerchant();
  const tally = new Tally();
  const checks = new Checks();
  const acked = newAcked();
  const ledger: Ledger = new Map();
  const servers: Server[] = [];
  const notes: string[] = [];
  try {
    servers.push(await startServer(db));
    servers.push(await startServer(db));
    const apis = servers.map((s) => new Client(() => s.base, tally));
    for (const a of apis) await a.login();
    const customers = apis.map((a) => a.anonymous());
    const end = Date.now() + seconds * 1000;
    log(`mixed ${engine}: two servers, ${concurrency} clients, ${seconds} s`);
    const progress = setInterval(() => log(`mixed: ${tally.total} requests, ${tally.count('2xx')} 2xx`), 60_000);
    await Promise.all(
      Array.from({ length: concurrency }, (_, w) =>
        mixedWorker(apis, customers, merchant.url, () => Date.now() > end, acked, ledger, `${process.pid}-${w}`),
      ),
    );
    clearInterval(progress);
    const database = await openForChecks(db);
    try {
      const facts = await settleAndCheck(database, merchant, checks, acked, ledger, notes);
      checks.add('zero duplicate deliveries (one 2xx per event_id)', facts.duplicates);
      checks.add('no 500 and every 503 in the error shape with Retry-After', tally.bad);
      checks.add(
        'both processes still up',
        servers.filter((s) => s.child.exitCode !== null || s.child.signalCode !== null).map((s) => `${s.pid} exited`),
      );
      return {
        name: 'mixed',
        engine: `${engine}, 2 processes`,
        seconds: Math.round((Date.now() - started) / 1000),
        tally,
        checks,
        facts: {
          'load seconds': seconds,
          clients: concurrency,
          'requests per second': Math.round(tally.total / seconds),
          'sessions stored': facts.sessions,
          'transactions stored': facts.transactions,
          callbacks: facts.callbacks,
        },
        notes,
      };
    } finally {
      await database.close();
    }
  } finally {
    for (const s of servers) await s.kill('SIGKILL');
    await merchant.close();
    await db.drop();
  }
};
