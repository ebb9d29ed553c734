/**
 * `npm run soak`: kill -9 under load, two processes under a mixed load, and a database outage under
 * load, against the production bundle (dist/server/kassa.js) in child processes. Prints a summary per
 * scenario, writes docs/soak.md, and exits 1 when any check failed (ADR 022).
 *
 * Env: SOAK_SCENARIOS (comma list of kill9, mixed, outage; default all), SOAK_ENGINES (sqlite,postgres;
 * default both when DATABASE_URL is set, else sqlite), SOAK_ROUNDS (kill9 rounds, 3),
 * SOAK_CONCURRENCY (checkouts in flight at a kill, 200), SOAK_SECONDS (mixed load, 600),
 * SOAK_MIXED_CONCURRENCY (32), SOAK_OUTAGE_SECONDS (30), SOAK_KEEP=1 (keep the PostgreSQL databases).
 * PostgreSQL: DATABASE_URL names an admin connection; each scenario creates its own database
 * kassa_soak_<scenario>_<pid> and drops it afterwards.
 */
import { ensureBundle, log } from './harness';
import { runKill9 } from './kill9';
import { runMixed } from './mixed';
import { runOutage } from './outage';
import { printResult, writeReport, type ScenarioResult } from './report';

const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);

const main = async (): Promise<number> => {
  const scenarios = (process.env.SOAK_SCENARIOS ?? 'kill9,mixed,outage').split(',').map((s) => s.trim());
  const engines = (process.env.SOAK_ENGINES ?? (process.env.DATABASE_URL ? 'sqlite,postgres' : 'sqlite'))
    .split(',')
    .map((s) => s.trim()) as ('sqlite' | 'postgres')[];
  const settings = {
    SOAK_ROUNDS: num('SOAK_ROUNDS', 3),
    SOAK_CONCURRENCY: num('SOAK_CONCURRENCY', 200),
    SOAK_SECONDS: num('SOAK_SECONDS', 600),
    SOAK_MIXED_CONCURRENCY: num('SOAK_MIXED_CONCURRENCY', 32),
    SOAK_OUTAGE_SECONDS: num('SOAK_OUTAGE_SECONDS', 30),
  };
  log('building the server bundle when stale');
  ensureBundle();
  const results: ScenarioResult[] = [];
  const pgEngine = engines.includes('postgres') ? 'postgres' : undefined;
  if (scenarios.includes('kill9'))
    for (const e of engines) results.push(await runKill9(e, settings.SOAK_ROUNDS, settings.SOAK_CONCURRENCY));
  if (scenarios.includes('mixed'))
    results.push(await runMixed(pgEngine ?? 'sqlite', settings.SOAK_SECONDS, settings.SOAK_MIXED_CONCURRENCY));
  if (scenarios.includes('outage')) {
    if (pgEngine) results.push(await runOutage(settings.SOAK_OUTAGE_SECONDS, settings.SOAK_MIXED_CONCURRENCY));
    else log('outage: skipped (needs PostgreSQL: set DATABASE_URL)');
  }
  for (const r of results) printResult(r);
  log(`wrote ${writeReport(results, { ...settings, SOAK_ENGINES: engines.join('+') })}`);
  const failed = results.reduce((n, r) => n + r.checks.failed, 0);
  console.log(failed ? `\nsoak: ${failed} check(s) FAILED` : '\nsoak: every check passed');
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`[soak] could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(2);
  },
);
