/**
 * `npm run bench`: ceilings and the production server under the same load, in pairs that run
 * back to back (ceiling A then GET, ceiling B then POST) so each ratio compares like with like.
 * Servers run in child processes; autocannon runs here (the machine has 2 cores: one each).
 * Reports PASS/MISS against the targets but always exits 0 when it could measure.
 * Env: BENCH_SECONDS (per phase, default 10), BENCH_WARMUP_SECONDS (default 2),
 * BENCH_QUIET_WAIT (seconds to wait for other processes to calm down before each pair, default 15).
 */
import { ceilingHttp, ceilingStorage } from './ceilings';
import { waitForQuiet } from './cpu';
import { sessionBody } from './fixtures';
import { CONNECTIONS, measureHttp } from './load';
import { printReport, writeReport, type Results } from './report';
import { watchRss } from './rss';
import { startKassa } from './server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? 15);
const step = (s: string) => console.log(`[bench] ${s}`);

const quiet = async () => {
  const busy = await waitForQuiet(quietWait);
  if (busy >= 15) step(`other processes still use ${busy.toFixed(0)} % of a core; measuring anyway`);
};

const main = async (): Promise<void> => {
  step(`${CONNECTIONS} connections, ${seconds} s per phase (+${warmup} s warm-up per HTTP phase)`);
  step('starting the production server (dist/server/kassa.js with Next)');
  const kassa = await startKassa({ apiOnly: process.env.BENCH_API_ONLY === "1" });
  const rss = watchRss(kassa.pid);
  try {
    const auth = { authorization: `Bearer ${kassa.token}` };
    const body = JSON.stringify(sessionBody('order-10042'));
    await quiet();
    step('ceiling A: bare node:http');
    const ceilingA = await ceilingHttp(seconds, warmup);
    step('GET /v1/sessions/{id}');
    const get = await measureHttp({ name: 'Kassa GET /v1/sessions/{id}', url: `${kassa.base}/v1/sessions/${kassa.sessionId}`, headers: auth, serverPid: kassa.pid }, seconds, warmup);
    await quiet();
    step('ceiling B: sqlite durable inserts');
    const ceilingB = await ceilingStorage(seconds);
    step('POST /v1/sessions');
    const post = await measureHttp(
      { name: 'Kassa POST /v1/sessions', url: `${kassa.base}/v1/sessions`, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body, serverPid: kassa.pid },
      seconds,
      warmup,
    );
    const results: Results = { ceilingA, ceilingB, get, post, memory: rss.stop() };
    printReport(results);
    step(`wrote ${writeReport(results, { connections: CONNECTIONS, seconds, warmupSeconds: warmup })}`);
  } finally {
    rss.stop();
    await kassa.stop();
  }
};

main().catch((e: unknown) => {
  console.error(`[bench] could not measure: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
