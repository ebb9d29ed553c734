/**
 * `npx tsx bench/dispatch-cpu.ts [source root]`: CPU µs per operation of the dispatcher alone (no
 * sockets, no load generator), in this process: the robust measure on a busy machine, because it
 * counts this process's CPU time, not wall time. `source root` (default: this checkout) lets the
 * same script measure another checkout, e.g. main before a change:
 *   npx tsx bench/dispatch-cpu.ts /path/to/main-checkout
 * Env: BENCH_OPS (default 3000 per phase), BENCH_PHASES (e.g. `get,post`: phases whose name contains one of them), BENCH_DATABASE_URL (PostgreSQL instead of SQLite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET, sessionBody } from './fixtures';

interface Res {
  status: number;
  body?: string;
}
type Dispatch = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string | undefined;
  baseUrl: string;
}) => Promise<Res>;

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const ops = Number(process.env.BENCH_OPS ?? 3000);
const card = {
  number: '4111 1111 1111 1111',
  expiry: `12/${String((new Date().getUTCFullYear() + 5) % 100).padStart(2, '0')}`,
  cvc: '123',
};

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const main = async () => {
  const { createKassa } = (await import(
    path.join(root, 'server', 'create-kassa.ts')
  )) as typeof import('../server/create-kassa');
  const { loadEnv } = (await import(
    path.join(root, 'server', 'config', 'env.ts')
  )) as typeof import('../server/config/env');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-cpu-'));
  const pg = process.env.BENCH_DATABASE_URL;
  const env = loadEnv({
    NODE_ENV: 'production',
    KASSA_DATA_DIR: dir,
    ...(pg ? { DATABASE_URL: pg, KASSA_DATABASE_SCHEMA: `kassa_cpu_${process.pid}` } : {}),
    KASSA_BOOTSTRAP_ACCOUNT: ACCOUNT,
    KASSA_BOOTSTRAP_CLIENT_ID: CLIENT_ID,
    KASSA_BOOTSTRAP_CLIENT_SECRET: CLIENT_SECRET,
    KASSA_CALLBACK_WORKER: 'false',
    KASSA_LOG_LEVEL: 'warn',
  });
  const kassa = await createKassa(env);
  const dispatch = kassa.dispatch as unknown as Dispatch;
  const baseUrl = 'http://127.0.0.1:1';
  const call = async (method: string, p: string, body?: unknown, auth?: string): Promise<Record<string, unknown>> => {
    const r = await dispatch({
      method,
      path: p,
      query: new URLSearchParams(),
      headers: {
        host: '127.0.0.1',
        'user-agent': 'bench',
        accept: '*/*',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(auth ? { authorization: auth } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      baseUrl,
    });
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${r.body}`);
    return r.body ? (JSON.parse(r.body) as Record<string, unknown>) : {};
  };
  try {
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    const audience = `${baseUrl}/v1/accounts/${ACCOUNT}`;
    const bearer = `Bearer ${String((await call('POST', `/v1/accounts/${ACCOUNT}/auth/token`, { grant_type: 'client_credentials', audience }, basic)).access_token)}`;
    const body = sessionBody('order-10042');
    const create = async () => String((await call('POST', '/v1/sessions', body, bearer)).id);
    const pay = async (id: string) =>
      String(
        (
          await call('POST', `/v1/sessions/${id}/pay`, {
            payment: { payment_product_type: 'sandbox.creditcard', card },
          })
        ).transaction_id,
      );
    const sid = await create();
    const tid = await pay(await create());
    const phases: [string, number, () => Promise<unknown>][] = [
      ['GET /v1/sessions/{id}', 1, () => call('GET', `/v1/sessions/${sid}`, undefined, bearer)],
      ['GET /v1/transactions/{id}', 1, () => call('GET', `/v1/transactions/${tid}`, undefined, bearer)],
      ['POST /v1/sessions (50 at a time)', 50, create],
      [
        'lifecycle (5 requests)',
        5,
        async () => {
          const id = await create();
          await call('GET', `/v1/sessions/${id}`, undefined, bearer);
          const t = await pay(id);
          await call('POST', `/v1/transactions/${t}/capture`, { amount: 72_500 }, bearer);
          await call('POST', `/v1/transactions/${t}/refund`, { amount: 1000 }, bearer);
        },
      ],
    ];
    const only = process.env.BENCH_PHASES?.split(',');
    for (const [name, batch, op] of phases.filter(
      ([name]) => !only || only.some((o) => name.toLowerCase().includes(o.toLowerCase())),
    )) {
      const n = Math.max(batch, Math.round(ops / (name.startsWith('lifecycle') ? 5 : 1)));
      const run = async (count: number) => {
        for (let i = 0; i < count; i += batch === 5 ? 1 : batch)
          await Promise.all(Array.from({ length: batch === 5 ? 1 : batch }, op));
      };
      await run(Math.min(n, 300)); // warm-up
      const [c0, t0] = [cpuUs(), performance.now()];
      await run(n);
      const [cpu, wall] = [cpuUs() - c0, performance.now() - t0];
      const perRequest = batch === 5 ? n * 5 : n;
      console.log(
        `${name.padEnd(34)} ${(cpu / perRequest).toFixed(0).padStart(5)} µs CPU/request  ${((1000 * wall) / perRequest).toFixed(0).padStart(5)} µs wall/request  (${perRequest} requests)`,
      );
    }
  } finally {
    await kassa.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
