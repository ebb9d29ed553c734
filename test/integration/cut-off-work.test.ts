import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORPHANED_OPERATION_MS } from '../../server/payments/operations/complete-pending-operations';
import { completePendingOperations, recoverStalePayments } from '../../server/payments';
import { STALE_PAYMENT_MS } from '../../server/payments/attempt/recover-stale-payments';
import { payBody, sessionBody } from '../support/api-client';
import { failUpdates } from '../support/failing-write';
import { useKassa } from '../support/fixtures';
import { startPaymentApp, type AppRequest, type AppReply, type PaymentAppServer } from '../support/payment-app-server';
import { ACCOUNT } from '../support/test-server';
import { money } from '../support/transaction-helpers';

/**
 * Issue 37 item 22: a capture, refund or void cut off after it reached the provider (its process
 * killed, or its request ended by a database failure) answered 409 for 30 s, until the operations
 * worker took it over by age, and that age rule could ask about a call still on its way (a payment
 * app may take 30 s); a pay cut off the same way left the session PAYING (409
 * SESSION_PAYMENT_IN_PROGRESS) for the two minutes of the stale-payment recovery. Now an operation and
 * an attempt name their process and are held by their request (ADR 047): the recovery takes one over at
 * its next step once no request holds it in its own process, or once its process is dead by the
 * heartbeat, and never while its request still runs.
 */
// No background worker: the test's own steps are the only ones that may take an operation over.
const { srv, api, customer, db } = useKassa({ env: { KASSA_CALLBACK_WORKER: 'false' } });
let app: PaymentAppServer;
let secret: string;
const applied = new Set<string>();
let hangCaptures = false;
let hangAuthorizations = false;

const rules = (r: AppRequest): AppReply => {
  if (r.method === 'authorize')
    return hangAuthorizations
      ? 'hang'
      : { json: { result: 'approved', provider_reference: `ref-${r.body.transaction_id}` } };
  if (r.method === 'status') return { json: { result: applied.has(r.body.operation_id) ? 'done' : 'unknown' } };
  applied.add(r.body.operation_id);
  return r.method === 'capture' && hangCaptures ? 'hang' : { json: { result: 'done' } };
};

beforeAll(async () => {
  secret = (await api.post('/v1/admin/signature')).body.signature.secret;
  app = await startPaymentApp({ accountId: ACCOUNT, secret: () => secret });
  app.reply = rules;
  const res = await api.request('PUT', '/v1/admin/gateways/payment_app/acme', {
    configuration: { payment_app: { url: app.url, display_name: 'Acme Pay', timeout_ms: 30_000 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
});
afterAll(() => app.close());
beforeEach(() => {
  hangCaptures = false;
  hangAuthorizations = false;
});

const newSession = async (amount = 10000) => {
  const body = sessionBody(
    { configuration: { payment_app: { acme: { enabled: true } }, sandbox: { creditcard: { enabled: true } } } },
    { amount, items: [{ line_id: '1', description: 'Widget', quantity: 1, amount, vat_amount: 0 }] },
  );
  const created = await api.post('/v1/sessions', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as string;
};
const payWithApp = (sid: string) =>
  customer.post(`/v1/sessions/${sid}/pay`, { payment: { payment_product_type: 'payment_app.acme' } });
const authorized = async () => {
  const paid = await payWithApp(await newSession());
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  return paid.body.transaction_id as string;
};
const attemptsOf = (sid: string) =>
  db()
    .selectFrom('transactions')
    .select(['id', 'status'])
    .where('session_id', '=', sid)
    .orderBy('created_at')
    .execute();
const backdate = async (
  table: 'transactions' | 'transaction_operations',
  id: string,
  column: 'created_at' | 'updated_at',
) => {
  // As old as the former age rules took it at, younger than the backstop for processes that run no recovery step.
  const old = new Date(Date.now() - Math.min(STALE_PAYMENT_MS, ORPHANED_OPERATION_MS) / 2).toISOString();
  await db()
    .updateTable(table)
    .set({ [column]: old })
    .where('id', '=', id)
    .execute();
};
const operationOf = async (tx: string) =>
  db()
    .selectFrom('transaction_operations')
    .select(['id', 'status', 'owner_boot_id'])
    .where('transaction_id', '=', tx)
    .executeTakeFirstOrThrow();
const statusAsked = (operationId: string) => app.of('status').filter((r) => r.body.operation_id === operationId).length;
const capture = (tx: string, key: string) =>
  api.request('POST', `/v1/transactions/${tx}/capture`, { amount: 10000 }, { 'idempotency-key': key });

/** A capture the app applied and answered, whose answer the database then failed to record (the request gave up). */
const cutOffCapture = async (tx: string, key: string) => {
  const failing = await failUpdates(
    db(),
    'transaction_operations',
    `old.transaction_id = '${tx}' and new.status = 'DONE'`,
  );
  const first = await capture(tx, key);
  await failing.restore();
  expect(first.status, JSON.stringify(first.body)).toBeGreaterThanOrEqual(500);
  const op = await operationOf(tx);
  expect(op.status).toBe('PENDING');
  expect(applied.has(op.id)).toBe(true);
  return op;
};

describe('a money operation that nobody works on any more', () => {
  it('cut off in this process (its request ended without recording the answer): settled at the next step, and the retry with its key replays it', async () => {
    const tx = await authorized();
    const key = `cut-off-${tx}`;
    const op = await cutOffCapture(tx, key);
    expect(op.owner_boot_id).toBeTruthy();
    // Before: untouched for 30 s, every retry 409 IDEMPOTENCY_KEY_IN_PROGRESS meanwhile.
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, tx)).toMatchObject({ status: 'CAPTURED', captured: 10000, pendingCapture: 0 });
    const retry = await capture(tx, key);
    expect([retry.status, retry.body.status], JSON.stringify(retry.body)).toEqual([200, 'CAPTURED']);
    expect(app.of('capture').filter((r) => r.body.transaction_id === tx)).toHaveLength(1);
  });

  it('of another process: left to it while its heartbeat is fresh, taken as soon as it is silent for 10 s', async () => {
    const tx = await authorized();
    const op = await cutOffCapture(tx, `other-${tx}`);
    const other = `test-other-process-${tx}`;
    const now = new Date().toISOString();
    await db().updateTable('transaction_operations').set({ owner_boot_id: other }).where('id', '=', op.id).execute();
    await db().insertInto('kassa_processes').values({ boot_id: other, started_at: now, heartbeat_at: now }).execute();
    await completePendingOperations(srv.kassa.ctx);
    expect((await operationOf(tx)).status).toBe('PENDING');
    expect(statusAsked(op.id)).toBe(0);
    const silent = new Date(Date.now() - 11_000).toISOString();
    await db().updateTable('kassa_processes').set({ heartbeat_at: silent }).where('boot_id', '=', other).execute();
    await completePendingOperations(srv.kassa.ctx);
    expect(await money(srv, tx)).toMatchObject({ status: 'CAPTURED', captured: 10000, pendingCapture: 0 });
    await db().deleteFrom('kassa_processes').where('boot_id', '=', other).execute();
  });

  it('still on its way to the app (a slow app, up to its 30 s timeout): never asked about, whatever its age', async () => {
    const tx = await authorized();
    hangCaptures = true;
    const first = capture(tx, `slow-${tx}`);
    await expect.poll(() => app.of('capture').filter((r) => r.body.transaction_id === tx).length).toBe(1);
    const op = await operationOf(tx);
    await backdate('transaction_operations', op.id, 'updated_at');
    await completePendingOperations(srv.kassa.ctx);
    expect(statusAsked(op.id)).toBe(0);
    expect((await operationOf(tx)).status).toBe('PENDING');
    app.answerHanging({ result: 'done' });
    const answered = await first;
    expect([answered.status, answered.body.status], JSON.stringify(answered.body)).toEqual([200, 'CAPTURED']);
    expect(statusAsked(op.id)).toBe(0);
  });
});

describe('a pay that nobody works on any more', () => {
  it('cut off by a database failure in this process: at the next recovery step, what the acquirer holds (authorized)', async () => {
    const sid = await newSession();
    const failing = await failUpdates(
      db(),
      'transactions',
      `old.session_id = '${sid}' and old.status = 'INITIATED' and new.status <> 'INITIATED'`,
    );
    const first = await customer.post(`/v1/sessions/${sid}/pay`, payBody());
    await failing.restore();
    expect(first.status, JSON.stringify(first.body)).toBeGreaterThanOrEqual(500);
    expect((await attemptsOf(sid)).map((a) => a.status)).toEqual(['INITIATED']);
    const blocked = await customer.post(`/v1/sessions/${sid}/pay`, payBody());
    expect([blocked.status, blocked.body.error?.code]).toEqual([409, 'SESSION_PAYMENT_IN_PROGRESS']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // Before: nothing for two minutes (the attempt was younger than STALE_PAYMENT_MS); then closed as ABANDONED
    // although the acquirer had authorized it. Now the acquirer is asked first (ADR 050), and the payment stands.
    expect(await recoverStalePayments(srv.kassa.ctx)).toBe(1);
    const [attempt] = await attemptsOf(sid);
    expect(attempt!.status).toBe('AUTHORIZED');
    const again = await customer.post(`/v1/sessions/${sid}/pay`, payBody());
    expect(again.body.error?.code).toBe('SESSION_ALREADY_PAID');
    const events = (await api.get(`/v1/transactions/${attempt!.id}`)).body.events;
    expect(events.filter((e: { event: string }) => e.event === 'AUTHORIZE')).toEqual([
      expect.objectContaining({ success: true, created_by: 'system' }),
    ]);
  });

  it('still on its way to the app (up to its 30 s timeout): never closed, whatever its age, and the answer counts', async () => {
    const sid = await newSession();
    hangAuthorizations = true;
    const pay = payWithApp(sid);
    await expect.poll(async () => (await attemptsOf(sid)).length).toBe(1);
    const [attempt] = await attemptsOf(sid);
    await expect.poll(() => app.of('authorize').filter((r) => r.body.transaction_id === attempt!.id).length).toBe(1);
    await backdate('transactions', attempt!.id, 'created_at');
    expect(await recoverStalePayments(srv.kassa.ctx)).toBe(0);
    expect((await attemptsOf(sid)).map((a) => a.status)).toEqual(['INITIATED']);
    app.answerHanging({ result: 'approved', provider_reference: `ref-${attempt!.id}` });
    const paid = await pay;
    expect([paid.status, paid.body.success], JSON.stringify(paid.body)).toEqual([200, true]);
    expect((await attemptsOf(sid)).map((a) => a.status)).toEqual(['AUTHORIZED']);
  });
});
