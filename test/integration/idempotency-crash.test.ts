import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, sessionBody, type ApiResponse } from '../support/api-client';
import { sharedDatabase, startKassaProcess, type KassaProcess, type SharedDatabase } from '../support/kassa-process';

/**
 * ADR 006, "a crash between commit and completion": the real server (bin/kassa.ts) in a child
 * process is killed with SIGKILL while many keyed creates and keyed pays are in flight, restarted
 * on the same database, and every request is repeated with its key.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const run = async (db: SharedDatabase): Promise<KassaProcess> => {
  const p = await startKassaProcess(db, { KASSA_CALLBACK_WORKER: 'false' });
  cleanup.push(() => p.kill('SIGKILL'));
  return p;
};

interface Keyed {
  key: string;
  reference: string;
  path: string;
  body: unknown;
  /** The id a 2xx answer names: the session's id (create) or session_id (pay). */
  idOf: (res: ApiResponse) => string | undefined;
}

const TOTAL = 240;
const WORKERS = 16;
const KILL_AFTER_ANSWERS = 40;

const requests = (run: string): Keyed[] =>
  Array.from({ length: TOTAL }, (_, i) => {
    const reference = `crash-${run}-${i}`;
    const key = `key-${run}-${i}`;
    if (i % 3 === 2) {
      const items = sessionBody().order.items;
      return {
        key,
        reference,
        path: '/v1/sessions/pay',
        body: {
          session: {
            order: { amount: 10000, currency: 'NOK', merchant_reference: reference, items },
            customer: { first_name: 'Kari' },
            payment_operation: 'invoice_purchase',
          },
          payment: { payment_product_type: 'sandbox.invoice' },
        },
        idOf: (res) => res.body?.session_id,
      };
    }
    return {
      key,
      reference,
      path: '/v1/sessions',
      body: sessionBody({}, { merchant_reference: reference }),
      idOf: (res) => res.body?.id,
    };
  });

const sessionsWithReference = async (api: ApiClient, reference: string): Promise<string[]> => {
  const res = await api.get(`/v1/sessions?merchant_reference=${encodeURIComponent(reference)}&limit=10`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = (Array.isArray(res.body) ? res.body : (res.body.sessions ?? res.body.data)) as { id: string }[];
  return list.map((s) => s.id);
};

describe(`Idempotency-Key across a crash (${engine})`, () => {
  it('SIGKILL with keyed creates and pays in flight: after a restart every key answers its one session, none is created twice, none is stuck IN_PROGRESS', async () => {
    const db = sharedDatabase();
    cleanup.push(() => db.drop());
    const first = await run(db);
    const api = await ApiClient.login(first.baseUrl);
    const all = requests(Math.random().toString(36).slice(2, 8));

    // Workers send keyed requests one after another until the server dies; it is killed once
    // KILL_AFTER_ANSWERS answers came back, so the others are in flight somewhere between claim,
    // commit and completion.
    const before = new Map<string, ApiResponse>();
    const attempted: Keyed[] = [];
    let next = 0;
    let answers = 0;
    let killed: Promise<unknown> | undefined;
    const worker = async () => {
      while (next < all.length && !killed) {
        const r = all[next++]!;
        attempted.push(r);
        try {
          const res = await api.post(r.path, r.body, { 'idempotency-key': r.key });
          before.set(r.key, res);
          if (++answers >= KILL_AFTER_ANSWERS && !killed) killed = first.kill('SIGKILL');
        } catch {
          // the connection died with the server: we do not know whether it committed
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await (killed ?? first.kill('SIGKILL'));
    expect(attempted.length).toBeGreaterThan(answers);

    const second = await run(db);
    const api2 = await ApiClient.login(second.baseUrl);
    for (const r of attempted) {
      const earlier = before.get(r.key);
      const committed = await sessionsWithReference(api2, r.reference);
      expect(committed.length, `${r.key}: sessions before the retry`).toBeLessThanOrEqual(1);
      if (earlier && earlier.status < 300) expect(committed).toEqual([r.idOf(earlier)]);

      const retry = await api2.post(r.path, r.body, { 'idempotency-key': r.key });
      const after = await sessionsWithReference(api2, r.reference);
      expect(
        after.length,
        `${r.key}: sessions after the retry (${retry.status} ${JSON.stringify(retry.body)})`,
      ).toBeLessThanOrEqual(1);
      if (committed.length === 1) {
        // It committed: the retry answers from that session, never 409 IDEMPOTENCY_KEY_IN_PROGRESS.
        expect(retry.body?.error?.code, `${r.key}: ${JSON.stringify(retry.body)}`).not.toBe(
          'IDEMPOTENCY_KEY_IN_PROGRESS',
        );
        // A pay killed between its authorization's start and end is still PAYING (recovered later): 409 naming the session.
        const paying = retry.status === 409 && retry.body.error.code === 'SESSION_PAYMENT_IN_PROGRESS';
        expect(paying || retry.status === 200, `${r.key}: ${retry.status} ${JSON.stringify(retry.body)}`).toBe(true);
        expect(paying ? retry.body.session_id : r.idOf(retry)).toBe(committed[0]);
        expect(after).toEqual(committed);
      } else if (retry.status === 200) {
        // It never committed: the retry ran it, once.
        expect(after).toEqual([r.idOf(retry)]);
      } else {
        // It never committed and its dead owner's silence is younger than OWNER_TIMEOUT_SECONDS
        // (idempotency-dead-owner.test.ts waits it out): "retry later", nothing created.
        expect(retry.status, `${r.key}: ${JSON.stringify(retry.body)}`).toBe(409);
        expect(retry.body.error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
        expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(after).toEqual([]);
      }
      // And again: the same answer, still one session.
      const again = await api2.post(r.path, r.body, { 'idempotency-key': r.key });
      expect(again.status).toBe(retry.status);
      if (retry.status === 200) expect(r.idOf(again)).toBe(r.idOf(retry));
      expect(await sessionsWithReference(api2, r.reference)).toEqual(after);
    }
  });
});
