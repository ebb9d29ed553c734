import { Checks, openForChecks } from './checks';
import { newAcked } from './flows';
import { Client, createDatabase, log, sleep, startMerchant, startServer, Tally } from './harness';
import { mixedWorker, settleAndCheck, type Ledger } from './mixed';
import type { ScenarioResult } from './report';

const count = (text: string, re: RegExp) => text.match(new RegExp(re.source, 'g'))?.length ?? 0;

/**
 * PostgreSQL unreachable for `outageSeconds` in the middle of a mixed load on one server: the
 * database refuses connections and its backends are terminated, then allowed again. Requests fail
 * with 503 in the error shape (the load retries creates, captures and refunds with their keys, as
 * a merchant would), the pollers log the outage once and the recovery once, the same process
 * serves again without a restart, and nothing acknowledged is lost.
 */
export const runOutage = async (outageSeconds: number, concurrency: number): Promise<ScenarioResult> => {
  const started = Date.now();
  const db = await createDatabase('postgres', 'outage');
  const merchant = await startMerchant();
  const tally = new Tally();
  const checks = new Checks();
  const acked = newAcked();
  const ledger: Ledger = new Map();
  const notes: string[] = [];
  const server = await startServer(db);
  try {
    const api = new Client(() => server.base, tally);
    await api.login();
    const customer = api.anonymous();
    let stop = false;
    const load = Promise.all(
      Array.from({ length: concurrency }, (_, w) =>
        mixedWorker([api], [customer], merchant.url, () => stop, acked, ledger, `out-${process.pid}-${w}`),
      ),
    );
    await sleep(10_000);
    const before503 = tally.count('503');
    log(`outage: refusing connections for ${outageSeconds} s`);
    await db.refuseConnections();
    await sleep(Math.min(5, outageSeconds / 2) * 1000);
    const readyDuring = await fetch(`${server.base}/readyz`).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    }));
    await sleep(outageSeconds * 1000 - Math.min(5, outageSeconds / 2) * 1000);
    const during503 = tally.count('503') - before503;
    await db.allowConnections();
    log('outage: connections allowed again');
    const recoveredAt = Date.now();
    let readyAfter = 0;
    while (Date.now() - recoveredAt < 60_000) {
      readyAfter = (await fetch(`${server.base}/readyz`)).status;
      if (readyAfter === 200) break;
      await sleep(200);
    }
    const recoverySeconds = (Date.now() - recoveredAt) / 1000;
    await sleep(15_000);
    stop = true;
    await load;
    const database = await openForChecks(db);
    try {
      const facts = await settleAndCheck(database, merchant, checks, acked, ledger, notes);
      const out = server.output();
      checks.add(
        'requests failed with 503 SERVICE_UNAVAILABLE during the outage',
        during503 > 0 ? [] : ['no 503 seen'],
      );
      checks.add('no 500 and every 503 in the error shape with Retry-After', tally.bad);
      checks.add('/readyz said unavailable during the outage and ready after it', [
        ...(readyDuring.status === 503 && readyDuring.body.includes('unreachable')
          ? []
          : [`during: ${readyDuring.status} ${readyDuring.body}`]),
        ...(readyAfter === 200 ? [] : [`after: ${readyAfter}`]),
      ]);
      checks.add(
        'the same process recovered without a restart',
        server.child.exitCode === null && server.child.signalCode === null
          ? []
          : [`exited ${server.child.exitCode ?? server.child.signalCode}`],
      );
      const pollerLines = ['callback worker', 'operations worker'].flatMap((p) => {
        const failed = count(out, new RegExp(`${p}: step failed`));
        const recovered = count(out, new RegExp(`${p}: recovered`));
        // a callback worker that was recording a sent attempt waits for the database in that step instead of failing
        return failed === recovered && failed <= 1
          ? []
          : [`${p}: ${failed} failure lines, ${recovered} recovery lines`];
      });
      if (count(out, /step failed/) === 0) pollerLines.push('no poller noticed the outage');
      checks.add(
        'each poller logged the outage at most once and then its recovery once (back-off, no log per tick)',
        pollerLines,
      );
      const dupes = facts.duplicates;
      // an attempt sent when the database went away is recorded once it is back, while its 60 s claim lasts
      if (outageSeconds < 55)
        checks.add(
          'zero duplicate deliveries (one 2xx per event_id; the outage is shorter than the claim lease)',
          dupes,
        );
      return {
        name: 'outage',
        engine: 'postgres',
        seconds: Math.round((Date.now() - started) / 1000),
        tally,
        checks,
        facts: {
          'outage seconds': outageSeconds,
          clients: concurrency,
          '503 during the outage': during503,
          'seconds from connections allowed to /readyz 200': recoverySeconds.toFixed(1),
          'sessions stored': facts.sessions,
          'transactions stored': facts.transactions,
          callbacks: facts.callbacks,
          'duplicate deliveries (an attempt sent but not recorded when the database went away)': dupes.length,
          'server log lines (error/warn)': out.split('\n').filter(Boolean).length,
        },
        notes: [...notes, ...dupes.slice(0, 5).map((d) => `duplicate: ${d}`)],
      };
    } finally {
      await database.close();
    }
  } finally {
    await server.kill('SIGKILL');
    await merchant.close();
    await db.drop();
  }
};
