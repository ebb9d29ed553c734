/**
 * `npx tsx bench/profile.ts [get|post|lifecycle]`: the production server under `node --cpu-prof` with one
 * load for BENCH_SECONDS (default 8), then the self time per function and per file, as µs per request.
 * The .cpuprofile is kept in bench/results/ (open it in Chrome DevTools for the tree).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMeter, describeCpu } from './cpu';
import { sessionBody } from './fixtures';
import { lifecycleRequests } from './lifecycle';
import { startKassa } from './server';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const what = process.argv[2] ?? 'get';

/** Self time per function and per file, counting only the samples taken while the load ran (from..to: µs on the monotonic clock V8 also uses). */
const summarize = (profile: Profile, requests: number, from: number, to: number, top = 40): string => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/') || '(native)';
    fn.set(
      `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`,
      (fn.get(`${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`) ?? 0) + us,
    );
    const pkg = short.startsWith('dist/') ? short : short.split('/')[0]!;
    file.set(pkg, (file.get(pkg) ?? 0) + us);
  }
  const fmt = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${(us / requests).toFixed(1).padStart(7)} µs/req  ${k}`)
      .join('\n');
  return `-- by package/file --\n${fmt(file, 25)}\n\n-- by function (self) --\n${fmt(fn, top)}`;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const main = async () => {
  const dir = path.join(__dirname, 'results', `profile-${what}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const kassa = await startKassa({
    apiOnly: true,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    databaseUrl: process.env.BENCH_DATABASE_URL,
    pgSchema: 'kassa_bench_profile',
  });
  const auth = { authorization: `Bearer ${kassa.token}` };
  let load: { requests: number; from: number; to: number };
  try {
    const opts =
      what === 'post'
        ? {
            url: `${kassa.base}/v1/sessions`,
            method: 'POST' as const,
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(sessionBody('p')),
          }
        : what === 'lifecycle'
          ? { url: kassa.base, requests: lifecycleRequests(kassa.token) }
          : { url: `${kassa.base}/v1/sessions/${kassa.sessionId}`, headers: auth };
    await autocannon({ ...opts, connections: 50, duration: 2 }); // warm-up, not counted
    const from = Number(process.hrtime.bigint() / 1000n);
    const cpu = cpuMeter(kassa.pid);
    const r = await autocannon({ ...opts, connections: 50, duration: seconds });
    const requests = r.requests.total;
    load = { requests, from, to: Number(process.hrtime.bigint() / 1000n) };
    console.log(
      `${requests} requests, ${(requests / seconds).toFixed(0)}/s, p99 ${r.latency.p99} ms; ${describeCpu(cpu(requests))} (with the profiler on)`,
    );
  } finally {
    // The profile is written as the process exits, which takes a while with many samples: wait for it.
    process.kill(kassa.pid, 'SIGTERM');
    for (let i = 0; i < 300 && alive(kassa.pid); i++) await new Promise((r) => setTimeout(r, 100));
    await kassa.stop();
  }
  const f = fs.readdirSync(dir).find((n) => n.endsWith('.cpuprofile'));
  if (!f) throw new Error('no .cpuprofile written');
  console.log(
    summarize(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Profile, load.requests, load.from, load.to),
  );
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
