/**
 * `npm run bench`: ceilings and the production server under the same load, in pairs that run back
 * to back (ceiling A then the GETs, ceiling B then POST) so each ratio compares like with like.
 * Servers run in child processes; autocannon runs here (the machine has 2 cores: one each).
 * Then the whole payment lifecycle, callback latency, and the list endpoints at 10 k and 1 M
 * stored sessions (seeded directly in the database). With BENCH_DATABASE_URL the same again on
 * PostgreSQL (a scratch schema, dropped afterwards). Reports PASS/MISS per target; exits 0 when it
 * could measure. Results: bench/results/latest.json (git-ignored), summary in docs/performance.md.
 *
 * Env (defaults in brackets; the whole run takes about 4 min on SQLite, plus ~3 min with PostgreSQL):
 * BENCH_SECONDS [10] per phase, BENCH_WARMUP_SECONDS [2], BENCH_QUIET_WAIT [15] seconds to wait for
 * other processes to calm down before each pair, BENCH_API_ONLY [unset; 1 = without Next: faster to
 * build and start, RSS then excludes Next], BENCH_CALLBACKS [200 payments; 0 skips],
 * BENCH_LIST_SMALL [10000] and BENCH_LIST_LARGE [1000000] stored sessions (BENCH_LIST_LARGE=0 skips
 * the lists), BENCH_DATABASE_URL [unset] for the PostgreSQL pass, BENCH_PG_LISTS [1; 0 skips its lists].
 * Quick look: BENCH_SECONDS=3 BENCH_WARMUP_SECONDS=1 BENCH_QUIET_WAIT=0 BENCH_API_ONLY=1 BENCH_LIST_LARGE=100000 npm run bench
 *
 * Every phase reports its non-2xx answers (the lifecycle per step, with the first body), and a phase
 * with any is INVALID. The server gets the bench's own allowance of pay attempts per address
 * (BENCH_ALLOWANCES in bench/server.ts): its 50 connections all pay from 127.0.0.1.
 * Before/after in one sitting: `BENCH_BASELINE_REF=<ref> npm run bench:compare` (bench/compare.ts)
 * runs the CPU-per-request phases (bench/cpu-phases.ts) against the ref and this work tree, alternating.
 */
import pg from 'pg';
import { ceilingHttp, ceilingStorage } from './ceilings';
import { waitForQuiet } from './cpu';
import { measureCallbacks } from './callbacks';
import { cpuPhase, paidTransaction, type PhaseKey } from './cpu-phases';
import { measureLists } from './lists';
import { CONNECTIONS } from './load';
import type { Measurement } from './measurement';
import { printReport, writeReport, type EngineResults, type Results } from './report';
import { watchRss } from './rss';
import { startKassa, type KassaServer } from './server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? 15);
const apiOnly = process.env.BENCH_API_ONLY === '1';
const callbacks = Number(process.env.BENCH_CALLBACKS ?? 200);
const listSizes = {
  small: Number(process.env.BENCH_LIST_SMALL ?? 10_000),
  large: Number(process.env.BENCH_LIST_LARGE ?? 1_000_000),
};
const pgUrl = process.env.BENCH_DATABASE_URL;
const step = (s: string) => console.log(`[bench] ${s}`);

const quiet = async () => {
  const busy = await waitForQuiet(quietWait);
  if (busy >= 15) step(`other processes still use ${busy.toFixed(0)} % of a core; measuring anyway`);
};

const measureEngine = async (
  engine: EngineResults['engine'],
  kassa: KassaServer,
  ceilingA: () => Promise<Measurement | undefined>,
  withLists: boolean,
): Promise<EngineResults> => {
  const tag = engine === 'SQLite' ? '' : ` (${engine})`;
  const target = { kassa, transactionId: await paidTransaction(kassa) };
  const { transactionId } = target;
  const phase = (key: PhaseKey) => {
    step(`${cpuPhase(key).label}${tag}`);
    return cpuPhase(key).measure(target, seconds, warmup, tag);
  };
  await quiet();
  await ceilingA();
  const getSession = await phase('getSession');
  const getTransaction = await phase('getTransaction');
  await quiet();
  step(`ceiling B${tag}: durable single-row inserts`);
  const ceilingB = await ceilingStorage(seconds, engine === 'PostgreSQL' ? pgUrl : undefined);
  const post = await phase('post');
  const lifecycle = await phase('lifecycle');
  let cb: Measurement | undefined;
  if (callbacks > 0) {
    step(`callback latency${tag}: ${callbacks} payments`);
    cb = await measureCallbacks(kassa.base, kassa.token, callbacks);
    cb.name += tag;
  }
  let lists: EngineResults['lists'];
  if (withLists && listSizes.large > 0) {
    const store =
      engine === 'SQLite' ? { sqliteFile: kassa.sqliteFile } : { databaseUrl: pgUrl, pgSchema: kassa.pgSchema };
    lists = await measureLists(
      kassa,
      store,
      { sessionId: kassa.sessionId, transactionId },
      listSizes,
      seconds,
      warmup,
      step,
    );
    for (const [, a, b] of lists.pairs) [a.name, b.name] = [a.name + tag, b.name + tag];
  }
  return { engine, ceilingB, getSession, getTransaction, post, lifecycle, callbacks: cb, lists };
};

const main = async (): Promise<void> => {
  step(
    `${CONNECTIONS} connections, ${seconds} s per phase (+${warmup} s warm-up per HTTP phase)${pgUrl ? '; then PostgreSQL' : ''}`,
  );
  step(`starting the production server (dist/server/kassa.js${apiOnly ? ', API only' : ' with Next'}) on SQLite`);
  let ceilingA: Measurement | undefined;
  const engines: EngineResults[] = [];
  const kassa = await startKassa({ apiOnly });
  const rss = watchRss(kassa.pid);
  let memory;
  try {
    engines.push(
      await measureEngine(
        'SQLite',
        kassa,
        async () => {
          step('ceiling A: bare node:http');
          return (ceilingA = await ceilingHttp(seconds, warmup));
        },
        true,
      ),
    );
  } finally {
    memory = rss.stop();
    await kassa.stop();
  }
  if (pgUrl) {
    const pgSchema = `kassa_bench_${process.pid}`;
    step(`starting the production server on PostgreSQL (schema ${pgSchema})`);
    const pgKassa = await startKassa({ apiOnly: true, databaseUrl: pgUrl, pgSchema });
    try {
      engines.push(
        await measureEngine('PostgreSQL', pgKassa, async () => undefined, process.env.BENCH_PG_LISTS !== '0'),
      );
    } finally {
      await pgKassa.stop();
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    }
  }
  const results: Results = { ceilingA: ceilingA!, engines, memory };
  printReport(results);
  step(
    `wrote ${writeReport(results, { connections: CONNECTIONS, seconds, warmupSeconds: warmup, apiOnly, callbacks, listSizes, postgres: Boolean(pgUrl) })}`,
  );
};

main().catch((e: unknown) => {
  console.error(`[bench] could not measure: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
