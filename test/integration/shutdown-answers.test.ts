import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { ApiClient, sessionBody } from '../support/api-client';
import { payWithCallback, startMerchant } from '../support/callback-helpers';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';
import { ACCOUNT, CLIENT_ID, CLIENT_SECRET } from '../support/test-server';

/**
 * Issue 37 item 24 (ADR 044): on SIGTERM a request that could not finish before the forced exit was
 * cut off unanswered, and a callback claimed just before stayed claimed for its lease (60 s or more)
 * after the process had gone. Now what is still in flight shortly before the forced exit is answered
 * 503 with Retry-After, and the claims of callbacks in flight are given back on the way out, so
 * another process sends them at once. Both engines.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const run = async (db: SharedDatabase, env: Record<string, string> = {}): Promise<KassaProcess> => {
  const p = await startKassaProcess(db, env);
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};
const fresh = () => {
  const db = sharedDatabase();
  cleanup.push(() => db.drop());
  return db;
};

const inFlight = async (baseUrl: string) => {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(/^kassa_http_requests_in_flight (\d+)/m.exec(text)?.[1]);
};

describe(`shutdown leaves nothing stranded (${engine})`, () => {
  it('answers a request that cannot finish before the forced exit with 503 and Retry-After', async () => {
    const p = await run(fresh(), { KASSA_SHUTDOWN_TIMEOUT_MS: '3000' });
    // A token request whose body never finishes arriving: it cannot end before the deadline.
    const body = JSON.stringify({ grant_type: 'client_credentials', audience: `${p.baseUrl}/v1/accounts/${ACCOUNT}` });
    const req = http.request(`${p.baseUrl}/v1/accounts/${ACCOUNT}/auth/token`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    cleanup.push(async () => req.destroy());
    const answered = new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body: text }),
        );
      });
      req.on('error', reject);
    });
    answered.catch(() => undefined);
    req.write(body.slice(0, 10));
    await expect.poll(() => inFlight(p.baseUrl)).toBe(1);

    p.child.kill('SIGTERM');
    const answer = await answered; // before the fix: "socket hang up" at the forced exit
    expect(answer.status, answer.body).toBe(503);
    expect(answer.retryAfter).toBe('1');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect((await p.exited).code).toBe(1); // still a forced exit: the request never finished
  });

  // On SQLite a lock wait holds the event loop (busy_timeout) and ends in its own 503; PostgreSQL waits off it.
  it.skipIf(!process.env.DATABASE_URL)(
    'answers a request waiting on a database row lock with 503 before the forced exit (PostgreSQL)',
    async () => {
      const db = fresh();
      const p = await run(db, { KASSA_SHUTDOWN_TIMEOUT_MS: '3000', KASSA_PG_QUERY_TIMEOUT_MS: '600000' });
      const api = await ApiClient.login(p.baseUrl);
      const created = await api.post('/v1/sessions', sessionBody());
      expect(created.status).toBe(200);
      const reader = await openDatabase({
        databaseUrl: process.env.DATABASE_URL,
        dataDir: db.dataDir,
        pgSchema: db.pgSchema,
      });
      cleanup.push(() => reader.close());
      let unlock = () => undefined as void;
      const held = new Promise<void>((resolve) => (unlock = resolve));
      cleanup.push(async () => unlock());
      let locked = false;
      const holding = reader.db.transaction().execute(async (trx) => {
        await trx.selectFrom('sessions').select('id').where('id', '=', created.body.id).forUpdate().execute();
        locked = true;
        await held;
      });
      holding.catch(() => undefined);
      await expect.poll(() => locked).toBe(true);
      const waiting = api.post(`/v1/sessions/${created.body.id}/cancel`);
      waiting.catch(() => undefined);
      await expect.poll(() => inFlight(p.baseUrl)).toBe(1);

      p.child.kill('SIGTERM');
      const answer = await waiting; // before the fix: the connection was cut at the forced exit
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect((await p.exited).code).toBe(1);
      unlock();
      await holding;
    },
  );

  it('gives back the claim of a callback in flight on the way out, so the next process sends it at once', async () => {
    const db = fresh();
    // The merchant holds the first delivery open (the process stops meanwhile), then answers.
    const merchant = await startMerchant((_cb, all) => (all.length === 1 ? 'hang' : 200));
    cleanup.push(() => merchant.close());
    // A long callback timeout makes the claim's lease 70 s, longer than the test waits for anything.
    const env = { KASSA_CALLBACK_TIMEOUT_MS: '30000', KASSA_SHUTDOWN_TIMEOUT_MS: '3000' };
    const first = await run(db, env);
    const api = await ApiClient.login(first.baseUrl);
    const { transactionId } = await payWithCallback(first.baseUrl, api, `${merchant.url}/cb`);
    await merchant.waitFor(1); // sent, and held by the merchant: the row is claimed by the first process

    first.child.kill('SIGTERM');
    await first.exited;
    const reader = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: db.dataDir,
      pgSchema: db.pgSchema,
    });
    try {
      const row = await reader.db
        .selectFrom('outbox')
        .select(['status', 'claimed_until', 'claim_id'])
        .where('transaction_id', '=', transactionId)
        .executeTakeFirstOrThrow();
      // before the fix: claimed_until 70 s ahead, so no other process would send it before then
      expect(row).toEqual({ status: 'PENDING', claimed_until: null, claim_id: null });
    } finally {
      await reader.close();
    }

    await run(db, env);
    await merchant.waitFor((all) => all.some((c) => c.status === 200), undefined, 'the callback sent again');
    expect(merchant.delivered()[0]!.query.get('transaction_id')).toBe(transactionId);
  });
});
