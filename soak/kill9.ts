import { checkInvariants, Checks, openForChecks, unsettled } from './checks';
import { checkoutFlow, duplicateSessions, lostAcknowledged, newAcked } from './flows';
import {
  Client,
  createDatabase,
  log,
  ok,
  sleep,
  startMerchant,
  startServer,
  Tally,
  waitUntil,
  type Server,
} from './harness';
import type { ScenarioResult } from './report';

/**
 * kill -9 of the production server while `concurrency` checkouts (create, pay, capture, refund) are
 * in flight, `rounds` times on one database; after each restart the unanswered creates are retried
 * with their Idempotency-Key. At the end (once the stale-payment recovery, two minutes, and the
 * operations reconciliation have run) every acknowledged request must be stored, nothing may be
 * half-done, every callback delivered, and the invariants hold.
 */
export const runKill9 = async (
  engine: 'sqlite' | 'postgres',
  rounds: number,
  concurrency: number,
): Promise<ScenarioResult> => {
  const started = Date.now();
  const db = await createDatabase(engine, 'kill9');
  const merchant = await startMerchant();
  const tally = new Tally();
  const checks = new Checks();
  const acked = newAcked();
  let server: Server | undefined;
  const api = new Client(() => server!.base, tally);
  const customer = api.anonymous();
  const notes: string[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      server = await startServer(db);
      await api.login();
      const before = tally.total;
      // kill once a random share (15-60 %) of the round's ~4 requests per checkout have been answered
      const killAfter = Math.round(concurrency * 4 * (0.15 + Math.random() * 0.45));
      const flows = Array.from({ length: concurrency }, (_, i) =>
        checkoutFlow(api, customer, merchant.url, `k9-${engine}-${round}-${i}-${process.pid}`, acked),
      );
      const victim = server;
      await waitUntil(() => tally.total - before >= killAfter, 120_000, 5);
      await victim.kill('SIGKILL');
      await Promise.all(flows);
      log(`kill9 ${engine} round ${round}: killed after ${tally.total - before} answers`);
      server = await startServer(db);
      await api.login();
      // a merchant retries what got no answer, with the same key: answered from what was committed, or run now
      // (409 IDEMPOTENCY_KEY_IN_PROGRESS: the killed request had claimed the key but committed nothing;
      // ADR 006 keeps such a claim until its 10-minute lease ends, then the retry runs)
      const retries = acked.unanswered.splice(0);
      const refused: string[] = [];
      let waiting = 0;
      for (const u of retries) {
        const again = await api.call('create session (retry)', 'POST', '/v1/sessions', u.body, {
          'idempotency-key': u.key,
        });
        if (ok(again)) acked.sessions.set(u.ref, again.body.id as string);
        else if (again.status === 409 && again.body?.error?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS') waiting++;
        else refused.push(`retried create ${u.ref}: ${again.status} ${JSON.stringify(again.body)}`);
      }
      checks.add(
        `round ${round}: unanswered creates retried with their key: 2xx, or 409 IDEMPOTENCY_KEY_IN_PROGRESS until the dead claim's lease ends`,
        refused,
      );
      if (retries.length)
        notes.push(
          `round ${round}: ${retries.length} unanswered creates retried, ${waiting} answered 409 IDEMPOTENCY_KEY_IN_PROGRESS (claim of the killed process)`,
        );
      await server.kill('SIGTERM');
    }
    // the recovery runs in the restarted server: stale payments after 2 minutes, stale operations after 30 s
    server = await startServer(db);
    await api.login();
    const database = await openForChecks(db);
    try {
      log(`kill9 ${engine}: waiting for the recovery of payments in flight (up to 3 minutes)`);
      const settled = await waitUntil(
        async () => Object.values(await unsettled(database)).every((n) => n === 0),
        200_000,
        1000,
      );
      if (!settled) notes.push(`still unsettled: ${JSON.stringify(await unsettled(database))}`);
      checks.add('retried creates never made a second session', await duplicateSessions(database));
      await sleep(1500); // a last delivery's answer reaching the merchant's counters
      checks.add(
        'every acknowledged request is stored (sessions, authorizations, captures, refunds)',
        await lostAcknowledged(database, acked),
      );
      const facts = await checkInvariants(database, merchant, checks);
      checks.add('no 500 and every 503 in the error shape with Retry-After', tally.bad);
      return {
        name: 'kill9',
        engine,
        seconds: Math.round((Date.now() - started) / 1000),
        tally,
        checks,
        facts: {
          rounds,
          'checkouts per round': concurrency,
          'sessions stored': facts.sessions,
          'transactions stored': facts.transactions,
          'acknowledged operations': acked.operations.length,
          callbacks: facts.callbacks,
          'duplicate deliveries (at least once: a kill between sending and recording)': facts.duplicates.length,
        },
        notes: [...notes, ...facts.duplicates.slice(0, 5).map((d) => `duplicate: ${d}`)],
      };
    } finally {
      await database.close();
    }
  } finally {
    await server?.kill('SIGKILL');
    await merchant.close();
    await db.drop();
  }
};
